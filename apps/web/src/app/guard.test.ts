import { describe, expect, it } from 'vitest';
import { guardLoader } from './guard.ts';
import { useSession } from '../lib/session.ts';

describe('guard (docs/product.md §6)', () => {
  it('without a token redirects to /home, remembers the target and opens login', () => {
    useSession.getState().clearSession();
    const res = guardLoader({ request: new Request('http://localhost/my-apply?tab=2') });
    expect(res?.status).toBe(302);
    expect(res?.headers.get('Location')).toBe('/home');
    const s = useSession.getState();
    expect(s.redirectAfterLogin).toBe('/my-apply?tab=2');
    expect(sessionStorage.getItem('redirectAfterLogin')).toBe('/my-apply?tab=2');
    expect(s.loginVisible).toBe(true);
    expect(s.dialog).toBe('login');
    expect(s.loginReason).toBe('您要访问的页面需要登录，登录后将自动回到该页面。');
  });

  it('with a token lets the route load', () => {
    useSession.getState().setToken('t');
    expect(guardLoader({ request: new Request('http://localhost/my-apply') })).toBeNull();
    useSession.getState().clearSession();
  });
});
