import type { SiteHealth } from '@zs/shared';
import type { Database } from '../../db/client.ts';

/** The link checks' SQL (this module owns link_checks). */
type BrokenLinks = SiteHealth['brokenLinks']['broken'];

export async function lastLinkCheckAt(db: Database): Promise<string | null> {
  const [last] = await db.query<{ at: string | null }>('select max(checked_at) as at from link_checks');
  return last?.at ?? null;
}

export async function latestLinkCheckRow(
  db: Database,
): Promise<{ checkedAt: string; checked: number; broken: BrokenLinks } | undefined> {
  const [check] = await db.query<{ checkedAt: string; checked: number; broken: BrokenLinks }>(
    'select checked_at as "checkedAt", checked, broken from link_checks order by id desc limit 1',
  );
  return check;
}

export async function recordLinkCheck(db: Database, checked: number, broken: BrokenLinks): Promise<void> {
  await db.query('insert into link_checks (checked, broken) values ($1, $2::jsonb)', [checked, JSON.stringify(broken)]);
}
