import { useEffect } from 'react';
import { useSession } from '../../lib/session.ts';
import { fetchUserInfo } from '../../features/auth/api/userInfo.ts';

/** With a token but no user info (fresh load, after login) ask the server who we are. */
export function useUserInfoLoader(): void {
  const token = useSession((s) => s.accessToken);
  const hasUser = useSession((s) => Boolean(s.userInfo));
  useEffect(() => {
    if (!token || hasUser) return;
    let cancelled = false;
    fetchUserInfo()
      .then((res) => {
        if (!cancelled && res.code === 0 && res.data) useSession.getState().setUserInfo(res.data);
      })
      .catch(() => {
        // Network trouble: keep the token; the header offers logout and the next call retries.
      });
    return () => {
      cancelled = true;
    };
  }, [token, hasUser]);
}
