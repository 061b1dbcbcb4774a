import type { Database } from '../../../db/client.ts';
import type { Query } from '../../../db/tx.ts';
import { settingValue } from '../../site/index.ts';

/** The site setting 发布需审核 (site_settings, key below): off unless an admin turned it on. */
export const REVIEW_SETTING = 'content.reviewRequired';

export async function reviewRequired(q: Query | Database): Promise<boolean> {
  return (await settingValue(q, REVIEW_SETTING)) === 'true';
}

export async function openRequest(q: Query, itemId: number, actorId: number, publishAt: string | null): Promise<void> {
  await q('insert into content_publish_requests (item_id, requested_by, publish_at) values ($1, $2, $3::timestamptz)', [
    itemId,
    actorId,
    publishAt,
  ]);
}

/** The open request and the last return reason of an item, for its editor. */
