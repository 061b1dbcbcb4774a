import fs from 'node:fs';
import type { Database, Session } from '../../../db/client.ts';
import { applyMapping, pickMapping, type Field, type Mapping } from './mappings.ts';
import { formatOf, readRows, type InputFormat, type SourceRow } from './readers.ts';
import { validateRecord, type StandardInput } from './validate.ts';
import { deferIndexes, useBulkLoad, type BulkMode } from './bulk.ts';
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
}

export interface ImportReport {
  mapping: string;
  rows: number;
  accepted: number;
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
  /** Loaded as one transaction with the secondary indexes rebuilt at the end (bulk.ts). */
  bulk: boolean;
  elapsedMs: number;
}

/**
 * Streams rows through mapping → validation → batched upsert. Memory holds one batch being read, one being
 * written and the first `detailLimit` rejections and duplicates, whatever the file's size: the numbers
 * already read are kept in the database (a temporary table of the session, see Stage), not in a map.
 * Reading and validating the next batch overlaps the database's work on the previous one. A large load into a small catalogue runs as one
 * transaction that rebuilds the secondary indexes at the end (bulk.ts, docs/decisions/0045).
 */
export async function importRows(db: Database, rows: AsyncIterable<SourceRow>, opts: ImportOptions = {}): Promise<ImportReport> {
  return db.session(async (s) => {
    const bulk = await useBulkLoad(s, opts.bulk ?? 'auto', opts.sizeBytes);
    if (!bulk) return load(s, rows, opts, false);
    const done = await s.transaction(async (t) => {
      const restore = await deferIndexes(t);
      // Another session held the catalogue too long to take it over: load it row by row instead.
      if (!restore) return undefined;
      const report = await load(t, rows, opts, true);
      await restore();
      return report;
    });
    return done ?? load(s, rows, opts, false);
  });
}

async function load(
  s: Session,
  rows: AsyncIterable<SourceRow>,
  opts: ImportOptions,
  inTransaction: boolean,
): Promise<ImportReport> {
  const started = Date.now();
  const batchSize = opts.batchSize ?? 2000;
  const limit = opts.detailLimit ?? 1000;
  const today = opts.today ?? new Date().toISOString().slice(0, 10);
  const report: ImportReport = {
    mapping: '',
    rows: 0,
    accepted: 0,
    inserted: 0,
    updated: 0,
    unchanged: 0,
    rejected: 0,
    rejections: [],
    duplicates: 0,
    duplicateDetails: [],
    statusChanges: 0,
    relations: 0,
    bulk: inTransaction,
    elapsedMs: 0,
  };
  // One batch in memory, keyed by number: a later row for the same number merges into the earlier one.
  // first/last: the lines it stood on in this batch. Numbers of earlier batches live in the stage's key table.
  let batch = new Map<string, Entry>();
  let mapping: Mapping | undefined;
  const stage = new Stage(s);
  const duplicate = (line: number, previousLine: number, standardNo: string) => {
    // Last wins: the later row replaces the earlier one (in this batch, or over it in the database).
    report.duplicates++;
    if (report.duplicateDetails.length < limit) report.duplicateDetails.push({ line, previousLine, standardNo });
  };

  const write = async (entries: Entry[]) => {
    await stage.load(entries);
    const earlier = await stage.rememberKeys();
    for (const e of entries) {
      const prev = earlier.get(e.rec.noKey);
      if (prev !== undefined) duplicate(e.first, prev, e.rec.standardNo);
    }
    const list = entries.map((e) => e.rec);
    const related = list.filter((r) => r.relations.length).map((r) => r.noKey);
    const r = await stage.upsert(opts.source ?? null, opts.licence ?? null, related);
    report.inserted += r.inserted;
    report.updated += r.updated;
    report.unchanged += r.unchanged;
    report.statusChanges += r.history;
    if (related.length) report.relations += await insertRelations(s, list, r.ids);
    opts.onProgress?.({ rows: report.rows, elapsedMs: Date.now() - started });
  };
  // The batch being written while the next one is read; batches are written strictly one after another.
  let writing: Promise<void> | undefined;
  const flush = async () => {
    if (writing) await writing;
    writing = undefined;
    if (!batch.size) return;
    const entries = [...batch.values()];
    batch = new Map();
    writing = write(entries);
    // Its failure is reported at the next flush (or the end); never an unhandled rejection meanwhile.
    writing.catch(() => undefined);
  };

  await stage.open();
  try {
    for await (const { line, row } of rows) {
      report.rows++;
      // A parsed chunk of the file is handed over in microtasks, which never let the database's answers in:
      // give the batch being written a turn now and then, so its statements follow each other meanwhile.
      if (writing && report.rows % 8 === 0) await new Promise((r) => setImmediate(r));
      mapping ??= pickMapping(opts.mapping, row);
      const v = validateRecord(applyMapping(row, mapping), today);
      if (!v.ok) {
        report.rejected++;
        if (report.rejections.length < limit)
          report.rejections.push({ line, reason: v.reason, ...sourceOf(row, mapping, v.field) });
        continue;
      }
      const rec = v.record;
      const earlier = batch.get(rec.noKey);
      if (earlier) duplicate(line, earlier.last, rec.standardNo);
      batch.delete(rec.noKey);
      batch.set(rec.noKey, {
        rec: earlier ? mergeLater(earlier.rec, rec) : rec,
        first: earlier?.first ?? line,
        last: line,
      });
      if (batch.size >= batchSize) await flush();
    }
    await flush();
    await writing;
  } catch (err) {
    // A batch may still be in flight (a read error): let it finish before the session is cleaned up.
    await writing?.catch(() => undefined);
    // In a transaction the rollback removes the temporary tables, and no statement may run before it.
    if (!inTransaction) await stage.close().catch(() => undefined);
    throw err;
  }
  await stage.close();
  await resolveRelationIds(s);
  report.duplicateDetails.sort((a, b) => a.line - b.line);
  report.mapping = mapping?.name ?? opts.mapping ?? 'generic';
  report.accepted = report.rows - report.rejected - report.duplicates;
  report.elapsedMs = Date.now() - started;
  return report;
}

type Entry = { rec: StandardInput; first: number; last: number };

/** The source column (and its value) that fed a field, for the rejection report. */
function sourceOf(row: Record<string, unknown>, m: Mapping, field: Field | undefined): { column?: string; value?: string } {
  if (!field) return {};
  const cols = m.columns[field] ?? [];
  const column = cols.find((c) => row[c] !== undefined && row[c] !== null && row[c] !== '') ?? cols.find((c) => c in row);
  if (!column) return { column: field, value: '' };
  const v = row[column];
  return { column, value: v instanceof Date ? v.toISOString().slice(0, 10) : String(v ?? '').slice(0, 200) };
}

/**
 * A later row for the same number wins field by field; fields it leaves empty keep the earlier
 * value, exactly as the upsert does against a row already in the database.
 */
function mergeLater(earlier: StandardInput, later: StandardInput): StandardInput {
  const out = { ...later } as unknown as Record<string, unknown>;
  const e = earlier as unknown as Record<string, unknown>;
  for (const k of Object.keys(out)) if (out[k] === null && e[k] !== null) out[k] = e[k];
  const merged = out as unknown as StandardInput;
  if (!later.statusGiven && earlier.statusGiven) {
    merged.status = earlier.status;
    merged.statusGiven = true;
  }
  merged.relations = [...earlier.relations, ...later.relations];
  return merged;
}

export async function importFile(
  db: Database,
  file: string,
  opts: ImportOptions & { format?: string } = {},
): Promise<ImportReport> {
  const format: InputFormat = formatOf(file, opts.format);
  return importRows(db, readRows(file, format), { sizeBytes: fs.statSync(file).size, ...opts });
}
