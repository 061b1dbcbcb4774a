import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_STORAGE_KEY } from '@zs/shared/constants';
import { useSession } from '../../../lib/session.ts';
import { registerNavigate } from '../../../lib/navigation.ts';
import { afterMobileLogin, afterPasswordLogin, afterRegister, continueAfterRegister, dismissDialogs } from './completeLogin.ts';

function fakeLocation() {
  return { assign: vi.fn(), reload: vi.fn() };
}

afterEach(() => {
  registerNavigate(null);
  useSession.getState().clearSession();
  useSession.getState().setRedirectAfterLogin(null);
  useSession.getState().closeDialog();
});

describe('after a successful account call (docs/product.md §4)', () => {
  it('password login stores the token, closes the dialog and reloads the page', () => {
    useSession.getState().openDialog('login', 'password');
    const loc = fakeLocation();
    afterPasswordLogin('tok-p', loc);
    const s = useSession.getState();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('tok-p');
    expect(s).toMatchObject({ accessToken: 'tok-p', isLogin: true, loginVisible: false });
    expect(loc.reload).toHaveBeenCalledTimes(1);
    expect(loc.assign).not.toHaveBeenCalled();
  });

  it('password login with a guarded target loads that target once', () => {
    useSession.getState().setRedirectAfterLogin('/my-apply?tab=2');
    const loc = fakeLocation();
    afterPasswordLogin('tok-p', loc);
    expect(loc.assign).toHaveBeenCalledWith('/my-apply?tab=2');
    expect(loc.reload).not.toHaveBeenCalled();
    expect(useSession.getState().redirectAfterLogin).toBeNull();
    expect(sessionStorage.getItem('redirectAfterLogin')).toBeNull();
  });

  it('ignores a target that is not a path of this site', () => {
    for (const bad of ['//evil.example/x', 'https://evil.example/', 'javascript:alert(1)']) {
      useSession.getState().setRedirectAfterLogin(bad);
      const loc = fakeLocation();
      afterPasswordLogin('tok-p', loc);
      expect(loc.assign).not.toHaveBeenCalled();
      expect(loc.reload).toHaveBeenCalledTimes(1);
    }
  });

  it('mobile login stores the token, closes the dialog and navigates to the target without a reload', () => {
    const navigate = vi.fn();
    registerNavigate(navigate);
    useSession.getState().openDialog('login', 'mobile');
    useSession.getState().setRedirectAfterLogin('/my-collection');
    afterMobileLogin('tok-m');
    expect(useSession.getState()).toMatchObject({ accessToken: 'tok-m', isLogin: true, loginVisible: false });
    expect(navigate).toHaveBeenCalledWith('/my-collection', undefined);
    navigate.mockClear();
    afterMobileLogin('tok-m2');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('registration stores the token and shows the prompt; 开始使用 goes on to the page asked for', () => {
    useSession.getState().openDialog('register');
    useSession.getState().setRedirectAfterLogin('/my-apply');
    afterRegister('tok-r');
    expect(useSession.getState()).toMatchObject({
      accessToken: 'tok-r',
      isLogin: true,
      loginVisible: true,
      dialog: 'prompt',
      redirectAfterLogin: '/my-apply',
    });
    const navigate = vi.fn();
    registerNavigate(navigate);
    continueAfterRegister();
    expect(navigate).toHaveBeenCalledWith('/my-apply', undefined);
    expect(useSession.getState()).toMatchObject({ loginVisible: false, redirectAfterLogin: null });
  });

  it('a reason given with the dialog stays while it is open and is gone when it opens again', () => {
    useSession.getState().openDialog('login', undefined, '原因');
    useSession.getState().openDialog('login', 'mobile');
    expect(useSession.getState().loginReason).toBe('原因');
    dismissDialogs();
    useSession.getState().openDialog('login');
    expect(useSession.getState().loginReason).toBeNull();
    dismissDialogs();
  });

  it('closing a dialog forgets the guarded target', () => {
    useSession.getState().setRedirectAfterLogin('/my-apply');
    useSession.getState().openDialog('login');
    dismissDialogs();
    expect(useSession.getState()).toMatchObject({ loginVisible: false, redirectAfterLogin: null });
  });
});
