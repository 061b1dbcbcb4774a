import type { Database } from '../../../db/client.ts';
import { TurnBatch } from '../../../lib/turn-batch.ts';
import { pinnedVersion } from './catalogue-cache.ts';
import { selectByIds, type KeyedRow } from './repository.ts';

/**
 * Most result lines kept per database (docs/decisions/0123). A line is about 1 KB on the heap (measured: 10,000 lines,
 * 10 MB), so this holds at most about 20 MB: at 1,000,000 records the bench's keyword shapes found 80–90 % of a page's
 * lines among the last 20,000 read.
 */
export const LINE_CACHE_ENTRIES = 20_000;

/** Most ids one shared read of lines asks for (LineCache.read); a larger batch starts another statement. */
export const LINE_BATCH_IDS = 1_000;

/**
 * Result lines by id for one catalogue version (decisions/0123). A page ranked in memory needs its twenty lines; the
 * records that rank first recur from one search to the next (in force, newest, shortest titles), so most pages' lines
 * are here and the search needs no statement at all. Every catalogue write moves the version (migration 0020), and a
 * new version empties the cache: a line is never older than the version it is served for, as with the cached answers
 * and the title index (decisions/0084).
 */
export class LineCache {
  private version = -1;
  /**
   * Two generations instead of one list in use order: a line read or used goes into `recent`; when that holds half the
   * entries it becomes `older` and the previous `older` is dropped, so a line kept in use stays. Taking the least
   * recently used entry off the front of one Map read past every entry deleted before it (a Map leaves a hole per
   * delete until it is rebuilt): 10 % of a search's time when most lines were new.
   */
  private recent = new Map<number, KeyedRow>();
  private older = new Map<number, KeyedRow>();
  hits = 0;
  misses = 0;
  /**
   * The ids of lines asked for in one turn of the event loop, read by one statement (decisions/0127). Under load the
   * pages waiting for one catalogue version read are ranked one after another and all ask here: one statement then
   * reads the lines of all of them. Every statement reads the rows as committed when it runs, as before: a batch
   * starts after each of its pages read its catalogue version.
   */
  private readonly batch: TurnBatch<{ db: Database; ids: number[] }, Map<number, KeyedRow>>;

  constructor(private readonly max = LINE_CACHE_ENTRIES) {
    this.batch = new TurnBatch(
      async (asks) => {
        const rows = await selectByIds(asks[0]!.db, [...new Set(asks.flatMap((a) => a.ids))]);
        const lines = new Map(rows.map((r) => [r.id, r]));
        return asks.map(() => lines);
      },
      LINE_BATCH_IDS,
      (a) => a.ids.length,
    );
  }

  /** Statements that read lines (one per batch), and the page requests whose lines they read. */
  get reads() {
    return this.batch.runs;
  }
  get asks() {
    return this.batch.items;
  }

  /** The lines of `ids` in their order (ids not in the catalogue left out), read as of `version` or later. */
  async byIds(db: Database, version: number, ids: number[]): Promise<KeyedRow[]> {
    // While an import writes, searches answer as of the catalogue before it but show the lines as they are now
    // (catalogue-cache.ts whileImporting): each search reads them. An older version (a slow request) reads them too.
    if (pinnedVersion(db) !== undefined || version < this.version) {
      const read = await this.read(db, ids);
      return ids.flatMap((id) => read.get(id) ?? []);
    }
    if (version > this.version) {
      this.recent = new Map();
      this.older = new Map();
      this.version = version;
    }
    const found = new Map<number, KeyedRow>();
    const missing: number[] = [];
    for (const id of ids) {
      const line = this.recent.get(id) ?? this.older.get(id);
      if (line) {
        found.set(id, line);
        this.keep(id, line);
      } else missing.push(id);
    }
    this.hits += ids.length - missing.length;
    this.misses += missing.length;
    if (missing.length) {
      const read = await this.read(db, missing);
      // A newer version may have emptied the cache meanwhile: these lines are then not kept.
      const keep = this.version === version;
      for (const id of missing) {
        const line = read.get(id);
        if (!line) continue;
        found.set(id, line);
        if (keep) this.keep(id, line);
      }
    }
    return ids.flatMap((id) => found.get(id) ?? []);
  }

  /** The lines of `ids` as stored now, read together with those of every other page asking in the same turn. */
  private read(db: Database, ids: number[]): Promise<Map<number, KeyedRow>> {
    return this.batch.add({ db, ids });
  }

  private keep(id: number, line: KeyedRow) {
    if (this.recent.has(id)) return;
    this.recent.set(id, line);
    if (this.recent.size >= Math.max(1, this.max >> 1)) {
      this.older = this.recent;
      this.recent = new Map();
    }
  }

  /** Lines held (up to `max`; a line in both generations counts twice). */
  get size() {
    return this.recent.size + this.older.size;
  }
}

const caches = new WeakMap<Database, LineCache>();

/** The line cache of a database (the read router is one object whichever server answers, db/replica.ts). */
export function lineCacheFor(db: Database): LineCache {
  let c = caches.get(db);
  if (!c) caches.set(db, (c = new LineCache()));
  return c;
}
