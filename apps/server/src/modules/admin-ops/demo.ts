import type { Database } from '../../db/client.ts';
import { writeAudit } from '../audit/index.ts';
import { withTransaction } from '../../db/tx.ts';
import { countDemoFulltexts, demoFulltextIds, detachFulltext } from '../standards/index.ts';
import { countDemoItems, deleteDemoItems, demoItemIds } from '../portal/index.ts';
import { countDemoContacts, deleteDemoContacts } from '../site/index.ts';
import { deleteItemCollections } from '../collections/index.ts';
import { DEMO_SEED_NAMES, markSeedRun } from '../../db/seed.ts';

/** How much labelled 示例 content is still on the site. */
export async function demoCounts(db: Database) {
  return {
    items: await countDemoItems(db),
    contacts: await countDemoContacts(db),
    fulltexts: await countDemoFulltexts(db),
  };
}

/**
 * Removes every labelled 示例 item, contact and full text in one step, and records the demo seed runs
 * so a restart with SEED_DEMO=1 does not bring them back. Real data (demo = false) is untouched.
 */
export async function removeDemo(db: Database, filesDir: string, actorId: number) {
  const counts = await demoCounts(db);
  for (const standardId of await demoFulltextIds(db)) await detachFulltext(db, filesDir, standardId);
  await withTransaction(db, async (q) => {
    // Collections of the demo items go with them (a collected standard with the same id number stays).
    await deleteItemCollections(q, await demoItemIds(q));
    await deleteDemoItems(q);
    await deleteDemoContacts(q);
    for (const name of DEMO_SEED_NAMES) await markSeedRun(q, name);
    await writeAudit(q, { actorId, action: 'demo.remove', targetType: 'site', targetId: null, detail: counts });
  });
  return counts;
}
