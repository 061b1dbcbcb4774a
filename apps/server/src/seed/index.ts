import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import { seedSite } from './site.ts';
import { seedStandards } from './standards.ts';
import { seedPortal, seedPortalPages } from './portal.ts';

export interface Seeder {
  /** Stable name recorded in seed_runs; a seeder runs once per database. */
  name: string;
  run(db: Database, log: FastifyBaseLogger): Promise<void>;
}

/** In dependency order. Later domains append their seeders here. */
export const seeders: Seeder[] = [seedSite, seedStandards, seedPortal, seedPortalPages];

export async function runSeeders(db: Database, log: FastifyBaseLogger, list: Seeder[] = seeders): Promise<string[]> {
  const done = new Set((await db.query<{ name: string }>('select name from seed_runs')).map((r) => r.name));
  const ran: string[] = [];
  for (const seeder of list) {
    if (done.has(seeder.name)) continue;
    await seeder.run(db, log);
    await db.query('insert into seed_runs(name) values ($1) on conflict do nothing', [seeder.name]);
    ran.push(seeder.name);
  }
  return ran;
}
