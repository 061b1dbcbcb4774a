import type { Database } from '../../db/client.ts';
import { writeAudit } from '../audit/index.ts';
import { withTransaction } from '../../db/tx.ts';
import { detachFulltext } from '../standards/index.ts';
import { DEMO_SEED_NAMES, markSeedRun } from '../../db/seed.ts';

/** How much labelled 示例 content is still on the site. */
export async function demoCounts(db: Database) {
  const [r] = await db.query<{ items: number; contacts: number; fulltexts: number }>(
    `select (select count(*)::int from portal_items where demo) as items,
            (select count(*)::int from site_contacts where demo) as contacts,
            (select count(*)::int from standard_fulltext where demo) as fulltexts`,
  );
  return r!;
}

/**
 * Removes every labelled 示例 item, contact and full text in one step, and records the demo seed runs
 * so a restart with SEED_DEMO=1 does not bring them back. Real data (demo = false) is untouched.
 */
export async function removeDemo(db: Database, filesDir: string, actorId: number) {
  const counts = await demoCounts(db);
  const fulltexts = await db.query<{ standard_id: number }>(
    'select standard_id::int as standard_id from standard_fulltext where demo',
  );
  for (const f of fulltexts) await detachFulltext(db, filesDir, f.standard_id);
  await withTransaction(db, async (q) => {
    await q(
      `delete from collections c using portal_items p
        where p.demo and c.item_type <> 'standard' and c.item_id = p.id`,
    );
    await q('delete from portal_items where demo');
    await q('delete from site_contacts where demo');
    for (const name of DEMO_SEED_NAMES) await markSeedRun(q, name);
    await writeAudit(q, { actorId, action: 'demo.remove', targetType: 'site', targetId: null, detail: counts });
  });
  return counts;
}
