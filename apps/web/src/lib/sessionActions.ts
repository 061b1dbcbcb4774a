import { LOGOUT_TOAST_DELAY_MS, LOGOUT_TOKEN_REMOVAL_MS } from '@zs/shared/constants';
import { useSession } from './session.ts';
import { callApi } from './http.ts';
import { navigateTo } from './navigation.ts';
import { toast } from './feedback.ts';

/**
 * Logout sequence of docs/product.md §4: user info goes at once, the token 0.5 s later (so the logout call
 * still carries it), then home, then the toast after 1 s.
 */
export async function logout(): Promise<void> {
  const session = useSession.getState();
  session.clearUser();
  setTimeout(() => useSession.getState().removeToken(), LOGOUT_TOKEN_REMOVAL_MS);
  try {
    await callApi('POST /api/sys/auth/logout');
  } catch {
    // The token is dropped locally either way; a failed call must not keep the user logged in.
  }
  navigateTo('/');
  setTimeout(() => toast.success('退出成功'), LOGOUT_TOAST_DELAY_MS);
}
