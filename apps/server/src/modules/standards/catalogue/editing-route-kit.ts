import { notFound } from '../../../lib/envelope.ts';
import { idOf } from '../../../lib/query.ts';
import type { StatusChangeAlert } from './editing.ts';

/** What the console catalogue's route groups share: their OpenAPI tag, the standard id lookup and the options handed in. */
export const tags = ['admin'];
export const standardId = (raw: string) => {
  const id = idOf(raw);
  if (id === null) throw notFound('标准不存在');
  return id;
};

export interface StandardEditingOptions {
  /** Messages the collectors of a standard whose status changed, in the change's transaction (alerts' alertStatusChange). */
  alertStatusChange: StatusChangeAlert;
  /** Runs once a status change is committed: the alert job queues its fan-out now, not at its next tick. */
  afterStatusChange?: () => void;
}
