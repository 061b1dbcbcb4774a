import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';

/** One seeder; its own file so the seeders and their runner (index.ts) do not import each other. */
export interface Seeder {
  /** Stable name recorded in seed_runs; a seeder runs once per database. */
  name: string;
  /** Labelled 示例 content: runs only when SEED_DEMO is on. Real data always loads. */
  demo?: boolean;
  run(db: Database, log: FastifyBaseLogger): Promise<void>;
}
