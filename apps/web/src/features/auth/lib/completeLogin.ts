import { useSession } from '../../../lib/session.ts';
import { navigateTo } from '../../../lib/navigation.ts';
import { actionStorage } from '../../../lib/storage.ts';

/**
 * What happens after a successful account call (docs/product.md §4). Every path stores the token (local
 * storage + accessToken, which also sets isLogin) and closes the login dialog. A target remembered
 * by the route guard (redirectAfterLogin) is taken once and then forgotten.
 */
function takeRedirect(): string | null {
  const session = useSession.getState();
  const target = session.redirectAfterLogin;
  session.setRedirectAfterLogin(null);
  // Only same-site paths: the value comes from storage, which other scripts could have written.
  return target && target.startsWith('/') && !target.startsWith('//') ? target : null;
}

/** Password login: the page reloads; with a guarded target the reload is a load of that target. */
export function afterPasswordLogin(token: string, location: Pick<Location, 'assign' | 'reload'> = window.location): void {
  const session = useSession.getState();
  session.setToken(token);
  session.closeDialog();
  const target = takeRedirect();
  if (target) location.assign(target);
  else location.reload();
}

/** Mobile login: no reload; the header picks up the user through the user-info loader. */
export function afterMobileLogin(token: string): void {
  const session = useSession.getState();
  session.setToken(token);
  session.closeDialog();
  const target = takeRedirect();
  if (target) navigateTo(target);
}

/**
 * Registration: the 注册成功 prompt replaces the dialog; its 开始使用 goes on to the page asked for (kept until
 * then), 企业认证 is offered, not pushed (most visitors are private citizens).
 */
export function afterRegister(token: string): void {
  const session = useSession.getState();
  session.setToken(token);
  session.openDialog('prompt');
}

/** 开始使用 in the 注册成功 prompt: the guarded page asked for, if any, else the page the visitor is on. */
export function continueAfterRegister(): void {
  useSession.getState().closeDialog();
  const target = takeRedirect();
  if (target) navigateTo(target);
}

/** The user closed a dialog without logging in: a remembered guarded target no longer applies. */
export function dismissDialogs(): void {
  const session = useSession.getState();
  session.closeDialog();
  session.setRedirectAfterLogin(null);
  actionStorage.set(null);
}
