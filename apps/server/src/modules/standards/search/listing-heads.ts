import type { Database } from '../../../db/client.ts';
import { TurnBatch } from '../../../lib/turn-batch.ts';
import { selectHeads, type HeadAsk, type HeadRow } from '../catalogue/repository.ts';
import { headScore, type NumberListing } from './search-sql.ts';

/** Most exact and base matches a number listing ranked in memory takes (search.ts listInMemory); beyond, SQL lists it. */
export const MAX_HEADS = 200;
/** Most number listings whose heads one statement reads (listingHeads); more start another statement. */
export const HEADS_PER_STATEMENT = 16;

const batches = new WeakMap<Database, TurnBatch<HeadAsk, HeadRow[]>>();

/**
 * A number listing's head (search.ts listInMemory), ranked by the search's score (search-sql.ts headScore). It is read
 * together with the heads of every other listing asking in the same turn of the event loop, by one statement
 * (decisions/0128; the result lines likewise, decisions/0127). Each search used to send a statement of its own, and
 * under load the database's processes used more of the machine than this one. The read starts after each of its
 * searches read its catalogue version, so it sees every write they must see.
 */
export async function listingHeads(db: Database, listing: NumberListing): Promise<(HeadRow & { score: number })[]> {
  let b = batches.get(db);
  if (!b) batches.set(db, (b = new TurnBatch((asks) => selectHeads(db, asks, MAX_HEADS), HEADS_PER_STATEMENT)));
  const rows = await b.add({ exact: listing.exact, base: listing.base });
  // In number order as read; the sort is stable, so records scoring the same stay in it (the search's tie order).
  return rows.map((r) => Object.assign(r, { score: headScore(r, listing) })).sort((x, y) => y.score - x.score);
}

/** Statements that read listing heads, and the listings they read (metrics: search_head_reads_total). */
export function headReads(db: Database): { runs: number; items: number } {
  const b = batches.get(db);
  return { runs: b?.runs ?? 0, items: b?.items ?? 0 };
}
