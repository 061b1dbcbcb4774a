import type { Envelope } from '@zs/shared/envelope';
import { toast } from './feedback.ts';

/**
 * A one-shot action's answer when the server accepted it; otherwise null, after a toast with the server's
 * reason (a generic one when the call itself failed). The confirm-dialog and drawer counterpart of useSubmit.
 */
export async function accepted<T>(call: Promise<Envelope<T>>): Promise<Envelope<T> | null> {
  const res = await call.catch(() => null);
  if (res && res.code === 0) return res;
  toast.error(res?.msg || '操作失败，请稍后重试');
  return null;
}

/** A dialog's OK (the admin ReasonDialog closes on true): `done` runs with the answer once the server accepted. */
export async function acceptedThen<T>(call: Promise<Envelope<T>>, done: (res: Envelope<T>) => void): Promise<boolean> {
  const res = await accepted(call);
  if (res) done(res);
  return res !== null;
}
