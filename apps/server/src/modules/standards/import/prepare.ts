import { copyLine, copyValue, type CopyValue } from '../../../lib/copy-text.ts';
import { applyMapping, columnLabel, pickMapping, type Field, type Mapping } from './mappings.ts';
import type { SourceRow } from '../../../lib/tabular/readers.ts';
import { validateRecord, type StandardInput } from './validate.ts';

/**
 * Reading, mapping, validating and merging rows into batches ready for the database: everything an import
 * does before it writes, with no database access, so it can run on a worker thread (prepare-worker.ts) as
 * well as on the main one (docs/decisions/0046).
 */

/** Column order of the staged COPY text. `keep`: an empty incoming value keeps the stored one (writer.ts). */
export const COLS: { name: string; field: keyof StandardInput; type: string; keep?: boolean }[] = [
  { name: 'standard_no', field: 'standardNo', type: 'text' },
  { name: 'no_key', field: 'noKey', type: 'text' },
  { name: 'no_base', field: 'noBase', type: 'text' },
  { name: 'no_prefix', field: 'noPrefix', type: 'text' },
  { name: 'no_year', field: 'noYear', type: 'int2' },
  { name: 'no_order', field: 'noOrder', type: 'text' },
  { name: 'name_zh', field: 'nameZh', type: 'text' },
  { name: 'name_en', field: 'nameEn', type: 'text', keep: true },
  { name: 'level', field: 'level', type: 'text' },
  { name: 'nature', field: 'nature', type: 'text', keep: true },
  { name: 'status', field: 'status', type: 'text' },
  { name: 'publish_date', field: 'publishDate', type: 'date', keep: true },
  { name: 'implement_date', field: 'implementDate', type: 'date', keep: true },
  { name: 'abolish_date', field: 'abolishDate', type: 'date', keep: true },
  { name: 'ccs_code', field: 'ccsCode', type: 'text', keep: true },
  { name: 'ics_code', field: 'icsCode', type: 'text', keep: true },
  { name: 'department', field: 'department', type: 'text', keep: true },
  { name: 'committee', field: 'committee', type: 'text', keep: true },
  { name: 'issuer', field: 'issuer', type: 'text', keep: true },
  { name: 'drafting_units', field: 'draftingUnits', type: 'text', keep: true },
  { name: 'drafters', field: 'drafters', type: 'text', keep: true },
  { name: 'adopted_no', field: 'adoptedNo', type: 'text', keep: true },
  { name: 'adoption_degree', field: 'adoptionDegree', type: 'text', keep: true },
  { name: 'scope', field: 'scope', type: 'text', keep: true },
  { name: 'notes', field: 'notes', type: 'text', keep: true },
  { name: 'region', field: 'region', type: 'text', keep: true },
  { name: 'region_code', field: 'regionCode', type: 'text', keep: true },
  { name: 'category', field: 'category', type: 'text', keep: true },
  { name: 'official_url', field: 'officialUrl', type: 'text', keep: true },
  { name: 'source_ref', field: 'sourceRef', type: 'text', keep: true },
];
/**
 * The staged columns after COLS: the search tokens (space-separated), whether the source stated the status,
 * and the first and last line the number stood on in its batch (a repeated number is merged into one record).
 */
export const STAGE_EXTRA = [
  { name: 'tokens', type: 'text' },
  { name: 'status_given', type: 'bool' },
  { name: 'first_line', type: 'int4' },
  { name: 'line', type: 'int4' },
];
/** Every staged column, in COPY order. */
export const STAGE_COLS = [...COLS, ...STAGE_EXTRA];

export interface PrepareOptions {
  mapping?: string;
  batchSize?: number;
  /** Today as YYYY-MM-DD (即将实施 when no status is given). */
  today: string;
  /** How many rejected and duplicate rows to keep with details (all are counted). */
  detailLimit?: number;
}

export type Rejection = { line: number; reason: string; column?: string; value?: string };
export type Duplicate = { line: number; previousLine: number; standardNo: string };
/** What insertRelations needs of a record. */
export type RelatedRecord = Pick<StandardInput, 'noKey' | 'standardNo' | 'relations'>;

/**
 * One batch, unique by number, as COPY text in STAGE_COLS order, with what the writer needs besides,
 * and the counts of the rows read since the previous batch. The last batch may hold no records: it carries
 * the counts of the rows after the last full batch.
 */
export interface PreparedBatch {
  copyText: string;
  /** Records in the COPY text (unique by number). */
  size: number;
  related: RelatedRecord[];
  rows: number;
  rejected: number;
  rejections: Rejection[];
  duplicates: number;
  duplicateDetails: Duplicate[];
  mapping: string;
}

/**
 * A record of the batch being gathered, already as its COPY line: a row is turned into text as soon as it is
 * validated, so the batch holds one flat string per record rather than its objects until the batch is full.
 * The record objects then die young, which is what the worker's garbage collector does cheaply.
 */
type Entry = {
  copy: string;
  standardNo: string;
  relations: StandardInput['relations'];
  /** The last line the number stood on in this batch (the first one is in the COPY line). */
  last: number;
};

export async function* prepareBatches(rows: AsyncIterable<SourceRow>, opts: PrepareOptions): AsyncGenerator<PreparedBatch> {
  const batchSize = opts.batchSize ?? 2000;
  const limit = opts.detailLimit ?? 1000;
  // Details kept so far: the importer keeps the first `limit` of each kind, so later ones need not travel.
  let rejectionsKept = 0;
  let duplicatesKept = 0;
  let mapping: Mapping | undefined;
  // One batch in memory, keyed by number: a later row for the same number merges into the earlier one.
  let batch = new Map<string, Entry>();
  let counts = emptyCounts();
  const take = (): PreparedBatch => {
    const out = { ...collect(batch), ...counts, mapping: mapping?.name ?? opts.mapping ?? 'generic' };
    batch = new Map();
    counts = emptyCounts();
    return out;
  };
  for await (const { line, row } of rows) {
    counts.rows++;
    mapping ??= pickMapping(opts.mapping, row);
    const v = validateRecord(applyMapping(row, mapping), opts.today);
    if (!v.ok) {
      counts.rejected++;
      if (rejectionsKept++ < limit) counts.rejections.push({ line, reason: v.reason, ...sourceOf(row, mapping, v.field) });
      continue;
    }
    const rec = v.record;
    const copy = copyLineOf(rec, line);
    const earlier = batch.get(rec.noKey);
    if (earlier) {
      // Last wins: the later row replaces the earlier one, field by field.
      counts.duplicates++;
      if (duplicatesKept++ < limit)
        counts.duplicateDetails.push({ line, previousLine: earlier.last, standardNo: rec.standardNo });
    }
    batch.delete(rec.noKey);
    batch.set(rec.noKey, {
      copy: earlier ? mergeLater(earlier.copy, copy) : copy,
      standardNo: rec.standardNo,
      relations: earlier ? [...earlier.relations, ...rec.relations] : rec.relations,
      last: line,
    });
    if (batch.size >= batchSize) yield take();
  }
  yield take();
}

function emptyCounts() {
  return { rows: 0, rejected: 0, rejections: [] as Rejection[], duplicates: 0, duplicateDetails: [] as Duplicate[] };
}

// Indexes into a COPY line's fields (STAGE_COLS order).
const STATUS = COLS.findIndex((c) => c.name === 'status');
const TOKENS = COLS.length;
const STATUS_GIVEN = COLS.length + 1;
const FIRST_LINE = COLS.length + 2;
const LINE = COLS.length + 3;
const NULL = copyValue(null);
const TRUE = copyValue(true);
const FALSE = copyValue(false);
// One array reused for every record: copyLine reads it before the next record fills it.
const values: CopyValue[] = new Array(STAGE_COLS.length);

/** A validated record as its COPY line, with the line it came from (the last one, after merging). */
function copyLineOf(rec: StandardInput, line: number): string {
  for (let i = 0; i < COLS.length; i++) values[i] = rec[COLS[i]!.field] as CopyValue;
  values[TOKENS] = rec.searchTokens.join(' ');
  values[STATUS_GIVEN] = rec.statusGiven;
  values[FIRST_LINE] = line;
  values[LINE] = line;
  return copyLine(values);
}

function collect(batch: Map<string, Entry>) {
  const lines: string[] = [];
  const related: RelatedRecord[] = [];
  // In number order: the writer inserts the rows as staged, and a series written together stays together on disk.
  const sorted = [...batch].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [noKey, e] of sorted) {
    lines.push(e.copy);
    if (e.relations.length) related.push({ noKey, standardNo: e.standardNo, relations: e.relations });
  }
  return { copyText: lines.join(''), size: lines.length, related };
}

/**
 * The column (and its value) that fed a field, for the rejection report: the field's Chinese name, with the
 * file's own column when it is spelt otherwise (columnLabel), never the field key.
 */
function sourceOf(row: Record<string, unknown>, m: Mapping, field: Field | undefined): { column?: string; value?: string } {
  if (!field) return {};
  const cols = m.columns[field] ?? [];
  const column = cols.find((c) => row[c] !== undefined && row[c] !== null && row[c] !== '') ?? cols.find((c) => c in row);
  if (!column) return { column: columnLabel(field), value: '' };
  const v = row[column];
  return {
    column: columnLabel(field, column),
    value: v instanceof Date ? v.toISOString().slice(0, 10) : String(v ?? '').slice(0, 200),
  };
}

/**
 * A later row for the same number wins field by field; fields it leaves empty (NULL) keep the earlier
 * value, exactly as the upsert does against a row already in the database. A status the later row did not
 * state gives way to one the earlier row stated. Both are COPY lines: tabs inside values are escaped, so
 * splitting on tabs gives the fields.
 */
function mergeLater(earlier: string, later: string): string {
  const e = earlier.slice(0, -1).split('\t');
  const out = later.slice(0, -1).split('\t');
  for (let i = 0; i < COLS.length; i++) if (out[i] === NULL && e[i] !== NULL) out[i] = e[i]!;
  out[FIRST_LINE] = e[FIRST_LINE]!;
  if (out[STATUS_GIVEN] === FALSE && e[STATUS_GIVEN] === TRUE) {
    out[STATUS] = e[STATUS]!;
    out[STATUS_GIVEN] = e[STATUS_GIVEN]!;
  }
  return out.join('\t') + '\n';
}
