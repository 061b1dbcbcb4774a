import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from './client.ts';

/**
 * HTTP requests in flight, told to the database (PGlite, decisions/0096): background jobs' statements wait while a
 * request is being answered (db/priority-gate.ts), and long jobs pause between chunks (giveWay below).
 */
const ends = new WeakMap<FastifyRequest, () => void>();

export function trackRequests(app: FastifyInstance, db: Database): void {
  if (!db.beginRequest) return;
  const begin = db.beginRequest.bind(db);
  // A request ends once: answered, aborted by the client or timed out, whichever comes first.
  const leave = async (req: FastifyRequest) => {
    ends.get(req)?.();
    ends.delete(req);
  };
  app.addHook('onRequest', async (req) => {
    ends.set(req, begin());
  });
  app.addHook('onResponse', leave);
  app.addHook('onRequestAbort', leave);
  app.addHook('onTimeout', leave);
}

/** One turn of the event loop: the requests that arrived meanwhile begin before the caller goes on. */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Between two chunks of a long background job on PGlite (decisions/0090, 0096): two turns of the event loop let the
 * requests that arrived during the chunk begin, then the job waits while any is in flight (at most `capMs`), so a
 * search waits for at most one chunk and the job loses no time when nobody is asking. On PostgreSQL one turn.
 */
export async function giveWay(db: Database, capMs: number): Promise<void> {
  if (!db.requestsInFlight) return nextTurn();
  await nextTurn();
  await nextTurn();
  const until = performance.now() + capMs;
  while (db.requestsInFlight() > 0 && performance.now() < until) await new Promise((r) => setTimeout(r, 1));
}
