import { useCallback, useRef, useState } from 'react';
import { Code, DefaultMessage, type Envelope } from '@zs/shared/envelope';
import { toast } from './feedback.ts';

export interface SubmitOptions<T> {
  /** Toast on success: a fixed text, or one built from the answer (the server's msg is used when it has one). */
  success?: string | ((data: T) => string);
  /** Toast when the server refuses without a message. */
  failure?: string;
}

/**
 * The submit pattern every form and action shares (docs/decisions/0061): one call at a time (`busy`),
 * the server's message on refusal, a network message on failure, a success toast. Resolves to the answer's
 * data on success, else `undefined`, so the caller only writes what follows a success.
 */
export function useSubmit() {
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  const submit = useCallback(
    async <T>(call: () => Promise<Envelope<T>>, options: SubmitOptions<T> = {}): Promise<{ data: T } | undefined> => {
      if (running.current) return undefined;
      running.current = true;
      setBusy(true);
      try {
        const res = await call();
        if (res.code !== 0) {
          toast.error(res.msg || options.failure || '操作失败，请稍后重试');
          return undefined;
        }
        const { success } = options;
        if (typeof success === 'function') toast.success(success(res.data));
        else if (success) toast.success(res.msg && res.msg !== DefaultMessage[Code.OK] ? res.msg : success);
        return { data: res.data };
      } catch {
        toast.error('网络异常，请稍后重试');
        return undefined;
      } finally {
        running.current = false;
        setBusy(false);
      }
    },
    [],
  );
  return { busy, submit };
}
