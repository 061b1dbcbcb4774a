import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Adapter, ResolvedRequest } from './transport.ts';
import { TOKEN_STORAGE_KEY } from '@zs/shared/constants';
import { http, callApi, get, post, postForm, EMPTY_BODY_MESSAGE, EXPIRED_MESSAGE } from './http.ts';
import { useSession } from './session.ts';
import { toast } from './feedback.ts';
import { registerNavigate } from './navigation.ts';

let seen: ResolvedRequest[] = [];

/** Answers every request with HTTP 200 and the given body (or runs a custom adapter). */
function answer(body: unknown, status = 200) {
  http.defaults.adapter = (async (config: ResolvedRequest) => {
    seen.push(config);
    return { data: body, status, headers: {}, request: config };
  }) as Adapter;
}

function login(token = 'tok-123') {
  useSession.getState().setToken(token);
  useSession.getState().setUserInfo({ username: 'zhangsan01', mobile: '13812345678', unread: 2 });
  useSession.getState().showLoading('加载中');
}

const navigate = vi.fn();

beforeEach(() => {
  seen = [];
  navigate.mockReset();
  registerNavigate(navigate);
  useSession.getState().clearSession();
  useSession.getState().hideLoading();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  registerNavigate(null);
});

describe('http client settings (docs/product.md §7)', () => {
  it('uses /api, a 60 s timeout, the XMLHttpRequest marker and JSON', async () => {
    answer({ code: 0, msg: 'ok', data: null });
    await post('/x', { a: 1 });
    const cfg = seen[0]!;
    expect(cfg.baseURL).toBe('/api');
    expect(cfg.timeout).toBe(60000);
    expect(cfg.headers['X-Requested-With']).toBe('XMLHttpRequest');
    expect(String(cfg.headers['Content-Type'])).toContain('application/json');
  });

  it('sends the raw token (no Bearer) when one is stored, and none otherwise', async () => {
    answer({ code: 0, msg: 'ok', data: null });
    await get('/anon');
    expect(seen[0]!.headers['Authorization']).toBeFalsy();
    useSession.getState().setToken('raw-token-abc');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('raw-token-abc');
    await get('/me');
    expect(seen[1]!.headers['Authorization']).toBe('raw-token-abc');
  });

  it('postForm sends application/x-www-form-urlencoded', async () => {
    answer({ code: 0, msg: 'ok', data: null });
    await postForm('/form', { standardNo: 'DB4420/T 1-2020', contact: undefined, page: 2 });
    expect(String(seen[0]!.headers['Content-Type'])).toContain('application/x-www-form-urlencoded');
    expect(seen[0]!.body).toBe('standardNo=DB4420%2FT+1-2020&page=2');
  });
});

describe('answer handling (docs/product.md §8)', () => {
  it('401 from a normal call: loading off, session cleared, message, /home after 1.5 s', async () => {
    vi.useFakeTimers();
    const error = vi.spyOn(toast, 'error').mockImplementation(() => undefined);
    login();
    answer({ code: 401, msg: '未登录', data: null });
    const res = await post('/zs/ent/EntZsCollection/zsCollectionAddOrUpdate', {});
    expect(res.code).toBe(401);
    const s = useSession.getState();
    expect(s.loading.show).toBe(false);
    expect(s.accessToken).toBe('');
    expect(s.isLogin).toBe(false);
    expect(s.userInfo).toBeNull();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(error).toHaveBeenCalledWith(EXPIRED_MESSAGE);
    expect(EXPIRED_MESSAGE).toBe('登录已过期，请重新登录!');
    vi.advanceTimersByTime(1499);
    expect(navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(navigate).toHaveBeenCalledWith('/home', undefined);
  });

  it('401 from getUserInfo clears user and token silently', async () => {
    vi.useFakeTimers();
    const error = vi.spyOn(toast, 'error').mockImplementation(() => undefined);
    login();
    answer({ code: 401, msg: '未登录', data: null });
    await post('/sys/auth/getUserInfo');
    expect(useSession.getState().accessToken).toBe('');
    expect(useSession.getState().userInfo).toBeNull();
    expect(error).not.toHaveBeenCalled();
    vi.advanceTimersByTime(5000);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('HTTP 200 with an empty body rejects with 获取数据错误 and turns loading off', async () => {
    for (const body of ['', null, undefined]) {
      useSession.getState().showLoading('x');
      answer(body);
      await expect(get('/empty')).rejects.toThrow(EMPTY_BODY_MESSAGE);
      expect(useSession.getState().loading.show).toBe(false);
    }
    expect(EMPTY_BODY_MESSAGE).toBe('获取数据错误');
  });

  it('a transport error is passed on unchanged and turns loading off', async () => {
    const failure = Object.assign(new Error('timeout of 60000ms exceeded'), { code: 'ECONNABORTED' });
    http.defaults.adapter = (async () => {
      throw failure;
    }) as Adapter;
    useSession.getState().showLoading('x');
    await expect(get('/slow')).rejects.toBe(failure);
    expect(useSession.getState().loading.show).toBe(false);
  });

  it('other codes reach the caller untouched and keep the session', async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => undefined);
    login();
    for (const code of [0, 400, 403, 404, 429]) {
      const body = { code, msg: `m${code}`, data: { n: code } };
      answer(body);
      await expect(post('/any')).resolves.toEqual(body);
    }
    expect(useSession.getState().accessToken).toBe('tok-123');
    expect(useSession.getState().loading.show).toBe(false);
    expect(error).not.toHaveBeenCalled();
  });
});

describe('callApi', () => {
  it('fills path parameters, leaves empty query values out and sends forms url-encoded without absent fields', async () => {
    const seen: ResolvedRequest[] = [];
    http.defaults.adapter = (async (config: ResolvedRequest) => {
      seen.push(config);
      return { data: { code: 0, msg: '成功', data: null }, status: 200, headers: {}, request: config };
    }) as Adapter;
    await callApi('GET /api/portal/:section/:id', { params: { section: 'news', id: 'a/b' } });
    expect(seen[0]!.url).toBe('/portal/news/a%2Fb');
    await callApi('GET /api/user/messages', { query: { page: 2, unread: '', kind: undefined } });
    expect(seen[1]!.url).toBe('/user/messages?page=2');
    await callApi('POST /api/portal/standards/missing-reports', {
      body: { standardNo: 'DB4420/T 1-2020', title: '标准', seenAt: '网站', contact: undefined, region: 'zhongshan' },
      form: true,
    });
    expect(seen[2]!.method).toBe('POST');
    expect(String(seen[2]!.headers['Content-Type'])).toContain('application/x-www-form-urlencoded');
    expect(seen[2]!.body).toBe(
      'standardNo=DB4420%2FT+1-2020&title=%E6%A0%87%E5%87%86&seenAt=%E7%BD%91%E7%AB%99&region=zhongshan',
    );
  });
});
