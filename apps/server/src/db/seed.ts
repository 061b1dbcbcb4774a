import type { FastifyBaseLogger } from 'fastify';
import type { Database, Query } from './client.ts';

// owns tables: seed_runs
// The seeders themselves belong to their domains (site, standards, portal); modules/index.ts lists them in order.

/** One seeder. */
export interface Seeder {
  /** Stable name recorded in seed_runs; a seeder runs once per database. */
  name: string;
  /** Labelled 示例 content: runs only when SEED_DEMO is on. Real data always loads. */
  demo?: boolean;
  run(db: Database, log: FastifyBaseLogger): Promise<void>;
}

/** Seed runs of demo content; recorded when the console removes the demo so it never comes back. */
export const DEMO_SEED_NAMES = ['site', 'portal-demo', 'fulltext-demo', 'training-demo-files'];

export async function runSeeders(
  db: Database,
  log: FastifyBaseLogger,
  list: Seeder[],
  opts: { demo?: boolean } = {},
): Promise<string[]> {
  const done = new Set((await db.query<{ name: string }>('select name from seed_runs')).map((r) => r.name));
  const ran: string[] = [];
  for (const seeder of list) {
    if (done.has(seeder.name) || (seeder.demo && opts.demo === false)) continue;
    await seeder.run(db, log);
    await markSeedRun(db, seeder.name);
    ran.push(seeder.name);
  }
  return ran;
}

/** Whether a seed run (a seeder, or a domain's own one-off such as the demo full texts) has happened. */
export async function seedRan(db: Database | Query, name: string): Promise<boolean> {
  const q: Query = typeof db === 'function' ? db : (t, p) => db.query(t, p);
  return (await q('select 1 from seed_runs where name = $1', [name])).length > 0;
}

export async function markSeedRun(db: Database | Query, name: string): Promise<void> {
  const q: Query = typeof db === 'function' ? db : (t, p) => db.query(t, p);
  await q('insert into seed_runs (name) values ($1) on conflict do nothing', [name]);
}
