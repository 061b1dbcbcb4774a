import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/client.ts';
import { markSeedRun, seedRan } from '../../../db/seed.ts';
import { demoPdf } from '../../../lib/pdf/pdf.ts';
import { attachFulltext } from './service.ts';

const SEED_NAME = 'fulltext-demo';
const SEED_LOCK = 720_442_606;

/**
 * Attaches the generated, plainly labelled demo PDF to two current national standards so the reader
 * can be tried. Runs once per database (seed_runs), like the seeders of db/seed.ts; it lives here
 * because it writes files and needs filesDir.
 */
export async function seedDemoFulltext(db: Database, filesDir: string, log: FastifyBaseLogger): Promise<void> {
  await db.withLock(SEED_LOCK, async () => {
    if (await seedRan(db, SEED_NAME)) return;
    const targets = await db.query<{ id: number; standard_no: string }>(
      `select id::int as id, standard_no from standards s
        where status = 'current' and not exists (select 1 from standard_fulltext f where f.standard_id = s.id)
        order by (level = 'national') desc, implement_date desc nulls last, id limit 2`,
    );
    if (!targets.length) return; // no catalogue yet: try again on the next start
    for (const t of targets) {
      await attachFulltext(db, filesDir, t.id, await demoPdf(t.standard_no), { access: 'restricted' });
      await db.query('update standard_fulltext set demo = true where standard_id = $1', [t.id]);
    }
    await markSeedRun(db, SEED_NAME);
    log.info({ standards: targets.map((t) => t.standard_no) }, 'demo full texts attached');
  });
}
