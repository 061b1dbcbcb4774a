import { useEffect, useRef } from 'react';
import { useSession } from '../../lib/session.ts';
import { reloadUserInfo } from '../../lib/userInfo.ts';

/**
 * Asks the server who we are once per token (fresh load, after login). Keyed on the token, not on
 * the user info: logout clears the user at once but keeps the token 0.5 s (docs/product.md §4), and that
 * must not fetch the user back.
 */
export function useUserInfoLoader(): void {
  const token = useSession((s) => s.accessToken);
  const loadedFor = useRef('');
  useEffect(() => {
    if (!token || loadedFor.current === token) return;
    loadedFor.current = token;
    reloadUserInfo().catch(() => {
      // Network trouble: keep the token; a later load asks again.
      if (loadedFor.current === token) loadedFor.current = '';
    });
  }, [token]);

  // Keeps the bell's unread dot current: every minute while the tab is visible, and on returning to
  // the tab. Only refreshes a user already shown, so the logout window (user cleared, token kept
  // 0.5 s) never brings the user back.
  useEffect(() => {
    if (!token) return;
    const refresh = () => {
      if (document.visibilityState === 'visible' && useSession.getState().userInfo) void reloadUserInfo().catch(() => {});
    };
    const timer = window.setInterval(refresh, UNREAD_REFRESH_MS);
    document.addEventListener('visibilitychange', refresh);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', refresh);
    };
  }, [token]);
}

export const UNREAD_REFRESH_MS = 60_000;
