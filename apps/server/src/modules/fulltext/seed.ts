import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { demoPdf } from './pdf.ts';
import { attachFulltext } from './service.ts';

const SEED_NAME = 'fulltext-demo';
const SEED_LOCK = 720_442_606;

/**
 * Attaches the generated, plainly labelled demo PDF to two current national standards so the reader
 * can be tried. Runs once per database (seed_runs), like the seeders of seed/index.ts; it lives here
 * because it writes files and needs filesDir.
 */
export async function seedDemoFulltext(db: Database, filesDir: string, log: FastifyBaseLogger): Promise<void> {
  await db.withLock(SEED_LOCK, async () => {
    const done = await db.query('select 1 from seed_runs where name = $1', [SEED_NAME]);
    if (done.length) return;
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
    await db.query('insert into seed_runs(name) values ($1) on conflict do nothing', [SEED_NAME]);
    log.info({ standards: targets.map((t) => t.standard_no) }, 'demo full texts attached');
  });
}
