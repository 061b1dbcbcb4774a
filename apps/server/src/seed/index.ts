import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import { seedSite } from './site.ts';
import { seedStandards } from './standards.ts';
import { seedPortalDemo, seedPortalReal, seedPortalPages } from './portal.ts';

import type { Seeder } from './seeder.ts';

export type { Seeder } from './seeder.ts';

/** In dependency order. Later domains append their seeders here. */
export const seeders: Seeder[] = [seedSite, seedStandards, seedPortalReal, seedPortalDemo, seedPortalPages];

/** Seed runs of demo content; recorded when the console removes the demo so it never comes back. */
export const DEMO_SEED_NAMES = ['site', 'portal-demo', 'fulltext-demo', 'training-demo-files'];

export async function runSeeders(
  db: Database,
  log: FastifyBaseLogger,
  list: Seeder[] = seeders,
  opts: { demo?: boolean } = {},
): Promise<string[]> {
  const done = new Set((await db.query<{ name: string }>('select name from seed_runs')).map((r) => r.name));
  const ran: string[] = [];
  for (const seeder of list) {
    if (done.has(seeder.name) || (seeder.demo && opts.demo === false)) continue;
    await seeder.run(db, log);
    await db.query('insert into seed_runs(name) values ($1) on conflict do nothing', [seeder.name]);
    ran.push(seeder.name);
  }
  return ran;
}
