import { post } from '../../../lib/http.ts';
import { useSession, type UserInfo } from '../../../lib/session.ts';

/**
 * Asks getUserInfo again so the header (bell dot, name, mobile) shows what changed here. A local copy
 * of the auth feature's reloadUserInfo: features do not import each other.
 */
export async function refreshUserInfo(): Promise<UserInfo | null> {
  const token = useSession.getState().accessToken;
  if (!token) return null;
  try {
    const res = await post<UserInfo>('/sys/auth/getUserInfo');
    if (res.code !== 0 || !res.data || useSession.getState().accessToken !== token) return null;
    useSession.getState().setUserInfo(res.data);
    return res.data;
  } catch {
    return null;
  }
}
