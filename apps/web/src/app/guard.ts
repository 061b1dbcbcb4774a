import { redirect } from 'react-router';
import { useSession } from '../lib/session.ts';

/** Told in the login dialog, so a visitor sent to /home knows why and that the page comes back. */
export const GUARD_REASON = '您要访问的页面需要登录，登录后将自动回到该页面。';

/**
 * docs/product.md §6 guard: without a token a guarded path redirects to /home. The intended path is kept so
 * the login flow can return there, and the login dialog opens.
 */
export function guardLoader({ request }: { request: Request }): Response | null {
  const session = useSession.getState();
  if (session.accessToken) return null;
  const url = new URL(request.url);
  session.setRedirectAfterLogin(url.pathname + url.search);
  session.openDialog('login', undefined, GUARD_REASON);
  return redirect('/home');
}
