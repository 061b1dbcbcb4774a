import { callApi } from './http.ts';
import { useSession, type UserInfo } from './session.ts';

/** Who is logged in (docs/product.md §7); kept apart from auth.ts so the first page does not load crypto. */
export const fetchUserInfo = () => callApi('POST /api/sys/auth/getUserInfo');

/**
 * Asks again and stores the answer while the same token is held; pages that change what the header
 * shows (reading a message lowers `unread`) call this. A 401 clears the session silently (docs/product.md §8).
 */
export async function reloadUserInfo(): Promise<UserInfo | null> {
  const token = useSession.getState().accessToken;
  if (!token) return null;
  const res = await fetchUserInfo();
  if (res.code !== 0 || !res.data || useSession.getState().accessToken !== token) return null;
  useSession.getState().setUserInfo(res.data);
  return res.data;
}

/** reloadUserInfo for pages that only refresh the header: a failed call leaves the header as it is. */
export const refreshUserInfo = (): Promise<UserInfo | null> => reloadUserInfo().catch(() => null);
