import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/feedback.ts';
import { NETWORK_ERROR_MESSAGE, submitWithCaptcha } from './submit.ts';

afterEach(() => vi.restoreAllMocks());

describe('submitWithCaptcha (docs/product.md §8, login side)', () => {
  it('code 0 gives the data, even when the data is null, and keeps the captcha', async () => {
    const refresh = vi.fn();
    await expect(submitWithCaptcha(async () => ({ code: 0, msg: 'ok', data: null }), { refresh })).resolves.toEqual({
      data: null,
    });
    await expect(
      submitWithCaptcha(async () => ({ code: 0, msg: 'ok', data: { accessToken: 't' } }), { refresh }),
    ).resolves.toEqual({ data: { accessToken: 't' } });
    expect(refresh).not.toHaveBeenCalled();
  });

  it('any other code shows the server message as an error and refreshes the captcha', async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => undefined);
    const refresh = vi.fn();
    for (const code of [400, 403, 429, 401]) {
      const res = await submitWithCaptcha(async () => ({ code, msg: `服务器说${code}`, data: null }), { refresh });
      expect(res).toBeNull();
      expect(error).toHaveBeenLastCalledWith(`服务器说${code}`);
    }
    expect(refresh).toHaveBeenCalledTimes(4);
  });

  it('a transport error shows a network message and refreshes the captcha', async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => undefined);
    const refresh = vi.fn();
    const res = await submitWithCaptcha(async () => Promise.reject(new Error('timeout')), { refresh });
    expect(res).toBeNull();
    expect(error).toHaveBeenCalledWith(NETWORK_ERROR_MESSAGE);
    expect(refresh).toHaveBeenCalledTimes(1);
  });
});
