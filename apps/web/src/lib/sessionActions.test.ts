import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Adapter, ResolvedRequest } from './transport.ts';
import { http } from './http.ts';
import { useSession } from './session.ts';
import { toast } from './feedback.ts';
import { registerNavigate } from './navigation.ts';
import { logout } from './sessionActions.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  registerNavigate(null);
});

describe('logout sequence (docs/product.md §4)', () => {
  it('clears user at once, calls logout with the token, removes the token after 0.5 s, goes to /, toasts after 1 s', async () => {
    vi.useFakeTimers();
    const calls: ResolvedRequest[] = [];
    http.defaults.adapter = (async (config: ResolvedRequest) => {
      calls.push(config);
      return { data: { code: 0, msg: 'ok', data: null }, status: 200, headers: {}, request: config };
    }) as Adapter;
    const navigate = vi.fn();
    registerNavigate(navigate);
    const success = vi.spyOn(toast, 'success').mockImplementation(() => undefined);
    useSession.getState().setToken('tok-9');
    useSession.getState().setUserInfo({ username: 'lisi0001', mobile: '13900001111', unread: 0 });

    const done = logout();
    expect(useSession.getState().userInfo).toBeNull();
    expect(useSession.getState().accessToken).toBe('tok-9');
    await done;
    expect(calls[0]!.url).toBe('/sys/auth/logout');
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.headers['Authorization']).toBe('tok-9');
    expect(navigate).toHaveBeenCalledWith('/', undefined);
    vi.advanceTimersByTime(499);
    expect(useSession.getState().accessToken).toBe('tok-9');
    vi.advanceTimersByTime(1);
    expect(useSession.getState().accessToken).toBe('');
    expect(success).not.toHaveBeenCalled();
    vi.advanceTimersByTime(500);
    expect(success).toHaveBeenCalledWith('退出成功');
  });
});
