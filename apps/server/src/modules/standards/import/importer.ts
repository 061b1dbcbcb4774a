import fs from 'node:fs';
import type { Database, Query, Session } from '../../../db/client.ts';
import { formatOf, type InputFormat } from '../../../lib/tabular/readers.ts';
import { buildIndexes, deferIndexes, useBulkLoad, type BulkMode, type PendingIndex } from './bulk.ts';
import type { PreparedBatch, PrepareOptions } from './prepare.ts';
import { preparedInWorker } from './prepare-thread.ts';
import { insertRelations, resolveRelationIds, Stage } from './writer.ts';

export interface ImportOptions {
  source?: string;
  licence?: string;
  mapping?: string;
  batchSize?: number;
  /** Called after each batch (progress line). */
  onProgress?: (p: { rows: number; elapsedMs: number }) => void;
  /** Today as YYYY-MM-DD (即将实施 when no status is given); tests pass a fixed day. */
  today?: string;
  /** How many rejected/duplicate rows to keep with details (all are counted). */
  detailLimit?: number;
  /** Secondary indexes rebuilt after the load instead of kept up row by row (bulk.ts); default 'auto'. */
  bulk?: BulkMode;
  /** The input's size in bytes: with 'auto', an estimate of its rows decides the bulk load. */
  sizeBytes?: number;
  /**
   * Called inside each batch's transaction with what will be committed with it (not in a bulk load, which commits
   * once): the job's checkpoint, so its counts match the catalogue whenever the process stops.
   */
  checkpoint?: (q: Query, done: ImportProgress) => Promise<void>;
  /** The checkpoint of a run that stopped: its batches are read again (same batch size) but not written. */
  resume?: ImportProgress;
  /** Aborted: the run stops before its next batch (a server shutting down); what is committed stays. */
  signal?: AbortSignal;
  /** Awaited before each batch's transaction: on PGlite, the requests queued behind the import go first. */
  pace?: () => Promise<void>;
}

/**
 * What a run has committed: rows of the file whose outcome is in the database, with their counts and the first
 * rejections and duplicates. Written as the job's checkpoint inside each batch's transaction (docs/decisions/0076).
 */
export interface ImportProgress {
  rows: number;
  inserted: number;
  updated: number;
  unchanged: number;
  rejected: number;
  /** column: the source column the faulty field came from (when known); value: its text there. */
  rejections: { line: number; reason: string; column?: string; value?: string }[];
  duplicates: number;
  duplicateDetails: { line: number; previousLine: number; standardNo: string }[];
  statusChanges: number;
  relations: number;
}

export interface ImportReport extends ImportProgress {
  mapping: string;
  accepted: number;
  /** Loaded as one transaction, the secondary indexes rebuilt after it (bulk.ts). */
  bulk: boolean;
  elapsedMs: number;
}

/**
 * Imports a file: read, mapped and validated on a worker thread (prepare-thread.ts, docs/decisions/0046),
 * written here in batches while the worker prepares the next one. Memory holds one batch being prepared,
 * one being written and the first `detailLimit` rejections and duplicates, whatever the file's size: the
 * numbers already read are kept in the database (a temporary table of the session, see Stage), not in a
 * map, and the duplicates across batches are found there at the end. The file's size feeds the bulk-load
 * rule: a large load into a small catalogue runs as one transaction, its secondary indexes rebuilt after it
 * (bulk.ts, docs/decisions/0045 and 0122).
 */
export function importFile(db: Database, file: string, opts: ImportOptions & { format?: string } = {}): Promise<ImportReport> {
  const format: InputFormat = formatOf(file, opts.format);
  return run(db, () => preparedInWorker(file, format, prepareOptions(opts)), {
    sizeBytes: fs.statSync(file).size,
    // The app's statements queued behind a batch go before the next one, waiting at most about as long as a batch
    // takes, so the import still moves under constant traffic (docs/decisions/0076).
    pace: db.waitQuiet ? () => db.waitQuiet!(PACE_CAP_MS) : undefined,
    ...opts,
  });
}

/** The longest an import waits for the app's statements before its next batch (PGlite). */
const PACE_CAP_MS = 300;

function prepareOptions(opts: ImportOptions): PrepareOptions {
  return {
    mapping: opts.mapping,
    batchSize: opts.batchSize,
    today: opts.today ?? new Date().toISOString().slice(0, 10),
    detailLimit: opts.detailLimit,
  };
}

/** `batches` is called once the way of loading is settled, so a refused bulk load reads the file only once. */
function run(db: Database, batches: () => AsyncIterable<PreparedBatch>, opts: ImportOptions): Promise<ImportReport> {
  return db.session(async (s) => {
    // A resumed run continues batch by batch: a bulk load that stopped committed nothing, so it has no checkpoint.
    const bulk = await useBulkLoad(s, opts.resume?.rows ? 'never' : (opts.bulk ?? 'auto'), opts.sizeBytes);
    if (!bulk) return load(s, batches(), opts, false);
    const started = Date.now();
    let pending: PendingIndex[] = [];
    const done = await s.transaction(async (t) => {
      const restore = await deferIndexes(t);
      // Another session held the catalogue too long to take it over: load it row by row instead.
      if (!restore) return undefined;
      const report = await load(t, batches(), opts, true);
      pending = await restore();
      return report;
    });
    if (!done) return load(s, batches(), opts, false);
    // The rows are committed: the indexes are built after, several at once (docs/decisions/0122).
    await buildIndexes(db, pending, s);
    return { ...done, elapsedMs: Date.now() - started };
  });
}

async function load(
  s: Session,
  batches: AsyncIterable<PreparedBatch>,
  opts: ImportOptions,
  inTransaction: boolean,
): Promise<ImportReport> {
  const started = Date.now();
  const limit = opts.detailLimit ?? 1000;
  // What is committed: counts and details move only when a batch's transaction has committed, so they match the
  // catalogue row for row whenever the run stops (docs/decisions/0076).
  const done: ImportProgress = opts.resume ? structuredClone(opts.resume) : emptyProgress();
  const skipUntil = opts.resume?.rows ?? 0;
  let mapping = opts.mapping ?? 'generic';
  let read = 0;
  const stage = new Stage(s);
  const keep = <T>(into: T[], items: T[]) => {
    for (const i of items) if (into.length < limit) into.push(i);
  };

  const write = async (b: PreparedBatch) => {
    const apply = async (t: Session) => {
      const next = { ...done, rejections: [...done.rejections], duplicateDetails: [...done.duplicateDetails] };
      next.rows += b.rows;
      next.rejected += b.rejected;
      next.duplicates += b.duplicates;
      keep(next.rejections, b.rejections);
      keep(next.duplicateDetails, b.duplicateDetails);
      if (b.size) {
        await stage.load(b.copyText, b.size, t);
        const r = await stage.upsert(
          opts.source ?? null,
          opts.licence ?? null,
          b.related.map((x) => x.noKey),
          t,
        );
        next.inserted += r.inserted;
        next.updated += r.updated;
        next.unchanged += r.unchanged;
        next.statusChanges += r.history;
        if (b.related.length) next.relations += await insertRelations(t, b.related, r.ids);
      }
      if (!inTransaction) await opts.checkpoint?.(t.query, next);
      return next;
    };
    // Outside a bulk load each batch is its own transaction with its checkpoint; between two of them the
    // database serves everyone else (on PGlite, the one connection is free again, and `pace` lets them go first).
    if (!inTransaction) await opts.pace?.();
    Object.assign(done, inTransaction ? await apply(s) : await s.transaction(apply));
    opts.onProgress?.({ rows: done.rows, elapsedMs: Date.now() - started });
  };

  await stage.open();
  // The batch being written while the next one is prepared; batches are written strictly one after another.
  let writing: Promise<void> | undefined;
  try {
    for await (const b of batches) {
      mapping = b.mapping;
      read += b.rows;
      if (read <= skipUntil) {
        // Written by the run that stopped: its numbers are remembered (duplicates across batches), nothing else.
        await writing;
        await stage.remember(b.copyText, b.size);
        continue;
      }
      // The file is cut into the same batches as before, or it is not the same file.
      if (read - b.rows < skipUntil) throw new Error(RESUME_MISMATCH);
      await writing;
      opts.signal?.throwIfAborted();
      writing = write(b);
      // Its failure is reported at the next batch (or the end); never an unhandled rejection meanwhile.
      writing.catch(() => undefined);
    }
    await writing;
    if (read < skipUntil) throw new Error(RESUME_MISMATCH);
    // Duplicates across batches: the last row won, as within a batch (prepare.ts). Both kinds count; the details
    // kept are the first `limit` of both by line.
    const across = await stage.duplicates(limit);
    done.duplicates += across.count;
    done.duplicateDetails = [...done.duplicateDetails, ...across.details].sort((a, b) => a.line - b.line).slice(0, limit);
  } catch (err) {
    // A batch may still be in flight (a read error): let it finish before the session is cleaned up.
    await writing?.catch(() => undefined);
    // In a transaction the rollback removes the temporary tables, and no statement may run before it.
    if (!inTransaction) await stage.close().catch(() => undefined);
    throw err;
  }
  await stage.close();
  await resolveRelationIds(s);
  return {
    ...done,
    mapping,
    accepted: done.rows - done.rejected - done.duplicates,
    bulk: inTransaction,
    elapsedMs: Date.now() - started,
  };
}

const RESUME_MISMATCH = '文件与中断前不一致（批次划分不同），无法从中断处继续，请重新上传';

function emptyProgress(): ImportProgress {
  return {
    rows: 0,
    inserted: 0,
    updated: 0,
    unchanged: 0,
    rejected: 0,
    rejections: [],
    duplicates: 0,
    duplicateDetails: [],
    statusChanges: 0,
    relations: 0,
  };
}
