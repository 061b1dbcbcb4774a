import { post } from '../../../lib/http.ts';
import { useSession, type UserInfo } from '../../../lib/session.ts';

/** Who is logged in (spec §7); kept apart from auth.ts so the first page does not load crypto. */
export const fetchUserInfo = () => post<UserInfo>('/sys/auth/getUserInfo');

/**
 * Asks again and stores the answer while the same token is held; pages that change what the header
 * shows (reading a message lowers `unread`) call this. A 401 clears the session silently (spec §8).
 */
export async function reloadUserInfo(): Promise<UserInfo | null> {
  const token = useSession.getState().accessToken;
  if (!token) return null;
  const res = await fetchUserInfo();
  if (res.code !== 0 || !res.data || useSession.getState().accessToken !== token) return null;
  useSession.getState().setUserInfo(res.data);
  return res.data;
}
