import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import type { Adapter, ResolvedRequest } from '../../lib/transport.ts';
import { http } from '../../lib/http.ts';
import { useSession } from '../../lib/session.ts';
import { UNREAD_REFRESH_MS, useUserInfoLoader } from './useUserInfoLoader.ts';

/** The server's getUserInfo answer, with an unread count the test moves. */
let unread = 0;
let calls = 0;
function serve() {
  http.defaults.adapter = (async (config: ResolvedRequest) => {
    calls++;
    return {
      data: { code: 0, msg: '成功', data: { username: 'zhangsan01', mobile: '13812345678', unread } },
      status: 200,
      headers: {},
      request: config,
    };
  }) as Adapter;
}

afterEach(() => {
  vi.useRealTimers();
  useSession.getState().clearSession();
  calls = 0;
});

describe('useUserInfoLoader', () => {
  it('loads the user once per token, then refreshes the unread count every minute', async () => {
    vi.useFakeTimers();
    serve();
    useSession.getState().setToken('tok');
    renderHook(() => useUserInfoLoader());
    await vi.waitFor(() => expect(useSession.getState().userInfo?.unread).toBe(0));
    expect(calls).toBe(1);

    unread = 2;
    await vi.advanceTimersByTimeAsync(UNREAD_REFRESH_MS);
    await vi.waitFor(() => expect(useSession.getState().userInfo?.unread).toBe(2));
    expect(calls).toBe(2);
  });

  it('does not bring the user back during the logout window (user cleared, token still held)', async () => {
    vi.useFakeTimers();
    serve();
    useSession.getState().setToken('tok');
    renderHook(() => useUserInfoLoader());
    await vi.waitFor(() => expect(useSession.getState().userInfo).not.toBeNull());
    useSession.getState().setUserInfo(null);
    await vi.advanceTimersByTimeAsync(UNREAD_REFRESH_MS);
    expect(useSession.getState().userInfo).toBeNull();
    expect(calls).toBe(1);
  });
});
