import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, type Registry } from 'prom-client';
import { readCatalogueVersion } from '../catalogue/catalogue-cache.ts';
import { titleIndexStats } from './title-index-store.ts';
import { lineCacheFor } from '../catalogue/line-cache.ts';
import { headReads } from './listing-heads.ts';

/**
 * The in-memory title index (docs/decisions/0044): its size, how far it is behind the catalogue (while it
 * is, keyword searches are ranked in SQL) and how its builds went.
 */
export function titleIndexMetrics(app: FastifyInstance, register: Registry) {
  new Gauge({
    name: 'search_title_index_records',
    help: 'Records in the title index (0: not built yet, or SEARCH_TITLE_INDEX=0)',
    registers: [register],
    collect() {
      this.set(titleIndexStats(app.readDb).records);
    },
  });
  new Gauge({
    name: 'search_title_index_bytes',
    help: 'Memory the title index holds, roughly',
    registers: [register],
    collect() {
      this.set(titleIndexStats(app.readDb).bytes);
    },
  });
  new Gauge({
    name: 'search_title_index_lag',
    help: 'Catalogue writes since the title index was built (0: current; above 0: keywords ranked in SQL until it is rebuilt)',
    registers: [register],
    async collect() {
      const s = titleIndexStats(app.readDb);
      if (!s.enabled) return;
      const now = await readCatalogueVersion(app.readDb);
      this.set(s.version === undefined ? now : now - s.version);
    },
  });
  new Gauge({
    name: 'search_partial_rankings',
    help: 'Partial title matches ranked since the start, on their own thread or in the request thread (decisions/0126)',
    labelNames: ['thread'],
    registers: [register],
    collect() {
      const { thread, inline } = titleIndexStats(app.readDb).partialRankings;
      this.set({ thread: 'partial' }, thread);
      this.set({ thread: 'request' }, inline);
    },
  });
  new Gauge({
    name: 'search_title_index_changed_records',
    help: 'Records changed since the title index was built, ranked from a small index beside it (decisions/0118); from 500 on it is built again',
    registers: [register],
    collect() {
      this.set(titleIndexStats(app.readDb).changed);
    },
  });
  new Gauge({
    name: 'search_title_index_last_build_seconds',
    help: 'How long the last title index build that was kept took',
    registers: [register],
    collect() {
      const s = titleIndexStats(app.readDb).lastBuildSeconds;
      if (s !== undefined) this.set(s);
    },
  });
  new Counter({
    name: 'search_title_index_builds_total',
    help: 'Title index builds: kept, discarded (the catalogue changed while it was read), failed, restamped (kept for a later version that changed none of its records) or overlaid (kept, the records changed since ranked from a small index beside it)',
    labelNames: ['outcome'],
    registers: [register],
    collect() {
      this.reset();
      for (const [outcome, n] of Object.entries(titleIndexStats(app.readDb).builds)) this.inc({ outcome }, n);
    },
  });
  new Counter({
    name: 'search_title_index_snapshots_total',
    help: 'Title index files (decisions/0114): loaded at a start, refused at a start (refused:code|catalogue|damaged|sample), saved after a build, failed to save',
    labelNames: ['outcome'],
    registers: [register],
    collect() {
      this.reset();
      for (const [outcome, n] of Object.entries(titleIndexStats(app.readDb).snapshots)) this.inc({ outcome }, n);
    },
  });
  new Counter({
    name: 'search_line_cache_lines_total',
    help: 'Result lines of pages ranked in memory: hit (taken from the line cache, decisions/0123) or miss (read from the database)',
    labelNames: ['outcome'],
    registers: [register],
    collect() {
      const c = lineCacheFor(app.readDb);
      this.reset();
      this.inc({ outcome: 'hit' }, c.hits);
      this.inc({ outcome: 'miss' }, c.misses);
    },
  });
  batchedReads(
    register,
    'search_line_reads_total',
    'Reads of result lines missing from the line cache: asked (by one page) or statement (one per batch of the pages asking in one turn, decisions/0127)',
    () => {
      const c = lineCacheFor(app.readDb);
      return { asked: c.asks, statement: c.reads };
    },
  );
  batchedReads(
    register,
    'search_head_reads_total',
    'Reads of number listing heads (the exact and base matches of a number typed from its start): asked (by one search) or statement (one per batch of the searches asking in one turn, decisions/0128)',
    () => {
      const h = headReads(app.readDb);
      return { asked: h.items, statement: h.runs };
    },
  );
}

/** A counter of reads shared per turn of the event loop (lib/turn-batch.ts): the asks, and the statements reading them. */
function batchedReads(register: Registry, name: string, help: string, read: () => { asked: number; statement: number }) {
  new Counter({
    name,
    help,
    labelNames: ['kind'],
    registers: [register],
    collect() {
      const r = read();
      this.reset();
      this.inc({ kind: 'asked' }, r.asked);
      this.inc({ kind: 'statement' }, r.statement);
    },
  });
}
