import type { Database } from '../../db/client.ts';
import { countUnreadOf } from '../messages/index.ts';

/** Unread message count shown by the header bell (getUserInfo `unread`). */
export function countUnread(db: Database, userId: number): Promise<number> {
  return countUnreadOf(db, userId);
}
