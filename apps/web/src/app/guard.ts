import { redirect } from 'react-router';
import { useSession } from '../lib/session.ts';

/**
 * docs/product.md §6 guard: without a token a guarded path redirects to /home. The intended path is kept so
 * the login flow can return there, and the login dialog opens.
 */
export function guardLoader({ request }: { request: Request }): Response | null {
  const session = useSession.getState();
  if (session.accessToken) return null;
  const url = new URL(request.url);
  session.setRedirectAfterLogin(url.pathname + url.search);
  session.openDialog('login');
  return redirect('/home');
}
