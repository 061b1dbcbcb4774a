import type { Envelope } from '@zs/shared/envelope';
import { toast } from '../../../lib/feedback.ts';
import type { CaptchaState } from './useCaptcha.ts';

/** Login-side answers: code not 0 shows the server's msg and refreshes the captcha (spec §8). */
export async function submitWithCaptcha<T>(call: () => Promise<Envelope<T>>, captcha: CaptchaState): Promise<T | null> {
  try {
    const res = await call();
    if (res.code === 0) return res.data;
    toast.error(res.msg || '操作失败');
  } catch {
    toast.error('网络异常，请稍后重试');
  }
  captcha.refresh();
  return null;
}
