import { post } from '../../../lib/http.ts';
import type { UserInfo } from '../../../lib/session.ts';

/** Who is logged in (spec §7); kept apart from auth.ts so the first page does not load crypto. */
export const fetchUserInfo = () => post<UserInfo>('/sys/auth/getUserInfo');
