import type { Envelope } from '@zs/shared/envelope';
import { toast } from '../../../lib/feedback.ts';
import type { CaptchaState } from '../../../lib/useCaptcha.ts';

export const NETWORK_ERROR_MESSAGE = '网络异常，请稍后重试';

/**
 * Login-side answers: code not 0 shows the server's msg and refreshes the captcha (docs/product.md §8).
 * Success is `{ data }` (data may itself be null, as for webSetPwd); failure is null.
 */
export async function submitWithCaptcha<T>(
  call: () => Promise<Envelope<T>>,
  captcha: Pick<CaptchaState, 'refresh'>,
): Promise<{ data: T } | null> {
  try {
    const res = await call();
    if (res.code === 0) return { data: res.data };
    toast.error(res.msg || '操作失败');
  } catch {
    toast.error(NETWORK_ERROR_MESSAGE);
  }
  captcha.refresh();
  return null;
}
