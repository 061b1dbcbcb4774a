import type { Database } from '../../db/client.ts';
import { giveWay } from '../../db/foreground.ts';
export { nextTurn } from '../../db/foreground.ts';

/** The longest a chunked job waits for the requests in line between two chunks (PGlite). */
const BETWEEN_CHUNKS_CAP_MS = 25;

/** Between two chunks of a long job outside a transaction: the requests being answered go first (db/foreground.ts). */
export const betweenChunks = (db: Database): Promise<void> => giveWay(db, BETWEEN_CHUNKS_CAP_MS);

/**
 * How much one statement of a long alert job takes on (decisions/0090). PGlite runs one statement at a time for the
 * whole process, so its chunks are small (a search waits for at most one, ~50 ms; the in-site and digest chunks,
 * whose goals leave room, ~25 ms, decisions/0096); PostgreSQL serves searches on other connections meanwhile, so
 * larger chunks spend less on per-statement work.
 */
export function chunkSizes(db: Pick<Database, 'kind'>) {
  return db.kind === 'pglite'
    ? { fanOutUsers: 1000, digestRows: 500, siteRows: 100 }
    : { fanOutUsers: 10_000, digestRows: 10_000, siteRows: 500 };
}

/** A job's fan-out in chunks of users, the requests in flight going first between them. */
export const fanOutOptions = (db: Database) => ({ chunkUsers: chunkSizes(db).fanOutUsers, pause: () => betweenChunks(db) });

let fanOuts = 0;
/**
 * Runs a fan-out, marking it in progress in this process: the outbox worker of the same process leaves the in-site
 * rows for its next run meanwhile (on PGlite both would take turns on the one connection and each take twice as long).
 */
export async function asFanOut<T>(fn: () => Promise<T>): Promise<T> {
  fanOuts += 1;
  try {
    return await fn();
  } finally {
    fanOuts -= 1;
  }
}
export const fanOutInProgress = () => fanOuts > 0;
