import type { Envelope } from '@zs/shared/envelope';
import { toast } from '../../../lib/feedback.ts';

/** Runs one settings call: the server's message on refusal, a network message on failure. Returns success. */
export async function run(call: () => Promise<Envelope<unknown>>, fallback: string): Promise<boolean> {
  try {
    const res = await call();
    if (res.code !== 0) {
      toast.error(res.msg || '操作失败');
      return false;
    }
    toast.success(res.msg || fallback);
    return true;
  } catch {
    toast.error('网络异常，请稍后重试');
    return false;
  }
}
