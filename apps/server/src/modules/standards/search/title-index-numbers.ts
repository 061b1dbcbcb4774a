import { lowerBound } from '../../../lib/sorted.ts';
import { sortInTurns, turnSpent } from './turns.ts';

/**
 * Each record's standard number, held compactly beside the title index so that title words typed with
 * a number fragment (`抗震 GB/T 500`, `500 抗震`: search-sql.ts wordsAndNumber) are ranked in memory
 * too (docs/decisions/0095-number-fragments-in-memory.md). The SQL filter they replace:
 * - series form: `no_key like '<prefix>%'`;
 * - digits form: `ltrim(substr(no_key, char_length(no_prefix) + 1), '- ') like '<digits>%'`;
 * and the SQL tie order of such queries, number order (search-sql.ts NUMBER_ORDER), as a rank.
 *
 * A number key is almost always `<no_prefix><separator of - and space><digits><rest>` (GB/T50011-2010):
 * per record the series (an index into a table), the separator (an index into a small table), up to nine
 * leading digits as one integer and their count. Records shaped otherwise keep their key and prefix
 * whole in a map. A filter reaching into the part after the digits cannot be decided here: the query
 * is then ranked in SQL.
 *
 * The records are also held in number-side order (by series, separator and digit string: `byNumber`),
 * so the records a typed part can match are found by binary search, and a common word with a selective
 * number is ranked from the number side (ADR 0098).
 */

/** One record's number as the builder reads it. */
export interface NumberRow {
  noKey: string;
  noPrefix: string;
}

/** The number part of a search: the typed prefix as is (no LIKE escapes), and whether it is bare digits. */
export interface NumberPart {
  prefix: string;
  digits: boolean;
}

/** Per record: match, no match, or the filter reaches past what is held (rank the query in SQL). */
export const NO = 0;
export const YES = 1;
export const UNKNOWN = 2;
type Verdict = typeof NO | typeof YES | typeof UNKNOWN;

const MAX_RUN = 9;
/** The most records a listing in memory returns (50 pages of 20), and the most matches it visits. */
const MAX_LISTED = 1_000;
const MAX_SCANNED = 100_000;
/**
 * The most matches visited when a Shanghai spelling was typed (`before` set). SQL has no ordered walk for that
 * listing (search-sql.ts leaves prefixListing unset), so it reads and sorts every match: `DG/TJ08` over 257,888
 * records took 780 ms at 5,000,000 records, where visiting them here takes a few milliseconds.
 */
const MAX_SCANNED_SPELLING = 2_000_000;
const IRREGULAR = 0x80;
const POW10 = Array.from({ length: MAX_RUN + 1 }, (_, i) => 10 ** i);
const SEPARATOR = /^[- ]*/;
const DIGITS = /^[0-9]*/;
const isDigit = (c: number) => c >= 48 && c <= 57;
/** SQL char_length/substr count code points; keys with surrogates are kept whole (irregular). */
const SURROGATE = /[\ud800-\udfff]/;

/** Collects the rows' numbers in row order (the builder's), then lays them out by ordinal. */
export class NumberColumns {
  private series: string[] = [];
  private seriesOf = new Map<string, number>();
  private seps: string[] = [];
  // Typed columns grown by doubling, not number arrays: a million rows' values as JavaScript arrays
  // (8 bytes each and more while growing) showed in the build's RSS.
  private rowSeries = new Uint32Array(1024);
  private rowRun = new Uint32Array(1024);
  private rowMeta = new Uint8Array(1024);
  private rows = 0;
  private irregular = new Map<number, NumberRow>();
  /** False once a row came without a number (tests adding titles only): no number data then. */
  complete = true;

  private push(series: number, run: number, meta: number) {
    if (this.rows === this.rowMeta.length) {
      const grow = <T extends Uint32Array | Uint8Array>(a: T, make: (n: number) => T) => {
        const b = make(a.length * 2);
        b.set(a);
        return b;
      };
      this.rowSeries = grow(this.rowSeries, (n) => new Uint32Array(n));
      this.rowRun = grow(this.rowRun, (n) => new Uint32Array(n));
      this.rowMeta = grow(this.rowMeta, (n) => new Uint8Array(n));
    }
    this.rowSeries[this.rows] = series;
    this.rowRun[this.rows] = run;
    this.rowMeta[this.rows++] = meta;
  }

  add(r: Partial<NumberRow>) {
    const row = this.rows;
    if (typeof r.noKey !== 'string' || typeof r.noPrefix !== 'string') {
      this.complete = false;
      this.push(0, 0, IRREGULAR);
      return;
    }
    const { noKey, noPrefix } = r;
    let s = this.seriesOf.get(noPrefix);
    if (s === undefined) {
      s = this.series.push(noPrefix) - 1;
      this.seriesOf.set(noPrefix, s);
    }
    const rest = noKey.slice(noPrefix.length);
    const sep = SEPARATOR.exec(rest)![0];
    const run = DIGITS.exec(rest.slice(sep.length))![0];
    let sepCode = this.seps.indexOf(sep);
    if (sepCode < 0 && this.seps.length < 7) sepCode = this.seps.push(sep) - 1;
    if (!noKey.startsWith(noPrefix) || SURROGATE.test(noKey) || SURROGATE.test(noPrefix) || run.length > MAX_RUN || sepCode < 0) {
      this.irregular.set(row, { noKey, noPrefix });
      this.push(s, 0, IRREGULAR);
      return;
    }
    this.push(s, run ? Number(run) : 0, run.length | (sepCode << 4));
  }

  /**
   * The columns by ordinal. `order[ord]` is the row at each ordinal; `numberOrder` the record ids in
   * number order, `idToRow` finds a row by id.
   */
  build(order: Int32Array, numberOrder: ArrayLike<number>, idToRow: (id: number) => number | undefined): NumberKeys | undefined {
    const steps = this.buildSteps(order, numberOrder, idToRow);
    for (;;) {
      const s = steps.next();
      if (s.done) return s.value;
    }
  }

  /** The same build in slices: it yields between them (title-index-builder.ts buildGivingWay). */
  *buildSteps(
    order: Int32Array,
    numberOrder: ArrayLike<number>,
    idToRow: (id: number) => number | undefined,
  ): Generator<void, NumberKeys | undefined> {
    const n = order.length;
    if (!this.complete || numberOrder.length !== n) return undefined;
    const rowToOrd = new Int32Array(n);
    for (let o = 0; o < n; o++) rowToOrd[order[o]!] = o;
    yield;
    const rank = new Int32Array(n).fill(-1);
    for (let i = 0; i < n; i++) {
      // A turn of the event loop now and then (title-index-builder.ts buildGivingWay).
      if (turnSpent(i, 256)) yield;
      const row = idToRow(numberOrder[i]!);
      if (row === undefined) return undefined;
      rank[rowToOrd[row]!] = i;
    }
    if (rank.includes(-1)) return undefined;
    const series = new Uint16Array(n);
    const run = new Uint32Array(n);
    const meta = new Uint8Array(n);
    const irregular = new Map<number, NumberRow>();
    if (this.series.length > 0xffff) return undefined;
    yield;
    for (let o = 0; o < n; o++) {
      if (turnSpent(o, 256)) yield;
      const row = order[o]!;
      series[o] = this.rowSeries[row]!;
      run[o] = this.rowRun[row]!;
      meta[o] = this.rowMeta[row]!;
      const irr = this.irregular.get(row);
      if (irr) irregular.set(o, irr);
    }
    yield;
    const side = yield* numberSide(this.series.length, series, run, meta);
    return new NumberKeys(rank, this.series, series, this.seps, run, meta, irregular, side);
  }
}

/** What a series-form prefix asks of a record in one series with one separator. */
interface Case {
  settled?: Verdict;
  /** Digits typed to the end: the held digits must start with them. */
  yes?: { typed: string; ranges: Ranges };
  /** A non-digit typed where the record's digits end: records holding exactly these digits are UNKNOWN. */
  unknown?: { typed: string; len: number; value: number };
}

/** Per digit count held (0–9): the held values whose digits start with the typed ones, [lo, hi). */
interface Ranges {
  lo: Float64Array;
  hi: Float64Array;
}

function digitRanges(d: string): Ranges {
  const lo = new Float64Array(MAX_RUN + 1);
  const hi = new Float64Array(MAX_RUN + 1);
  const v = d ? Number(d) : 0;
  for (let len = d.length; len <= MAX_RUN; len++) {
    lo[len] = v * POW10[len - d.length]!;
    hi[len] = lo[len]! + POW10[len - d.length]!;
  }
  return { lo, hi };
}

/** The case of a series-form prefix for the records of series `p` written with separator `sepText`. */
function caseFor(prefix: string, p: string, sepText: string): Case {
  if (prefix.length <= p.length) return { settled: p.startsWith(prefix) ? YES : NO };
  if (!prefix.startsWith(p)) return { settled: NO };
  const r = prefix.slice(p.length);
  if (r.length <= sepText.length) return { settled: sepText.startsWith(r) ? YES : NO };
  if (!r.startsWith(sepText)) return { settled: NO };
  const d = r.slice(sepText.length);
  let j = 0;
  while (j < d.length && isDigit(d.charCodeAt(j))) j++;
  if (j === d.length) return { yes: { typed: d, ranges: digitRanges(d) } };
  // A non-digit typed where the record's digits end: the rest of its key decides (not held).
  const typed = d.slice(0, j);
  return { unknown: { typed, len: j, value: j ? Number(typed) : 0 } };
}

/**
 * A held digit run as one number ordering like the digit strings (the order of SQL `like` prefixes):
 * the digits padded to nine, then their count (a prefix before its extensions: 5 < 50 < 500 < 501 < 51).
 * Below 10^10, so a group rank × 2^34 can be added for one native sort.
 */
const digitKey = (run: number, len: number) => run * POW10[MAX_RUN - len]! * 10 + len;

/** Verdict of a stretch of records ranked from the number side whose records must be matched one by one. */
export const ASK = 3;

/**
 * The records a number part can match, as stretches of `byNumber`: `lo, hi, verdict` triples (YES,
 * UNKNOWN, or ASK for the irregular keys, tested one by one with the matcher). `size`: how many records.
 */
export interface NumberSpans {
  spans: number[];
  size: number;
}

/** The number-side order of the records and its groups (NumberKeys.byNumber). */
export interface NumberSide {
  byNumber: Int32Array;
  regular: number;
  groupKeys: Int32Array;
  groupStarts: Int32Array;
}

/**
 * Lays the ordinals out in number-side order, yielding between slices (the build gives the event loop
 * turns: title-index-builder.ts buildGivingWay). Groups (series × 8 + separator) in use are ranked; one
 * number per regular record (group rank × 2^34 + digit key, below 2^53 for 2^19 groups) is sorted as numbers
 * in slices (turns.ts sortInTurns), and each record then takes the next free place of its number (no comparator
 * sort).
 */
function* numberSide(seriesCount: number, series: Uint16Array, run: Uint32Array, meta: Uint8Array): Generator<void, NumberSide> {
  const n = meta.length;
  const counts = new Int32Array(seriesCount * 8);
  let regular = 0;
  for (let o = 0; o < n; o++) {
    if (turnSpent(o, 256)) yield;
    if (meta[o]! & IRREGULAR) continue;
    counts[series[o]! * 8 + ((meta[o]! >> 4) & 7)]!++;
    regular++;
  }
  const keys: number[] = [];
  const starts: number[] = [0];
  const groupRank = new Int32Array(counts.length);
  for (let g = 0; g < counts.length; g++)
    if (counts[g]) {
      groupRank[g] = keys.push(g) - 1;
      starts.push(starts[starts.length - 1]! + counts[g]!);
    }
  const composite = (o: number) =>
    groupRank[series[o]! * 8 + ((meta[o]! >> 4) & 7)]! * 2 ** 34 + digitKey(run[o]!, meta[o]! & 15);
  const keysOf = new Float64Array(regular);
  for (let o = 0, i = 0; o < n; o++) {
    if (turnSpent(o, 256)) yield;
    if (!(meta[o]! & IRREGULAR)) keysOf[i++] = composite(o);
  }
  yield;
  const sorted = yield* sortInTurns(keysOf);
  yield;
  const taken = new Int32Array(regular);
  const byNumber = new Int32Array(n);
  let tail = regular;
  for (let o = 0; o < n; o++) {
    if (turnSpent(o, 256)) yield;
    if (meta[o]! & IRREGULAR) {
      byNumber[tail++] = o;
      continue;
    }
    const c = composite(o);
    let lo = 0;
    let hi = regular;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (sorted[mid]! < c) lo = mid + 1;
      else hi = mid;
    }
    byNumber[lo + taken[lo]!++] = o;
  }
  return { byNumber, regular, groupKeys: Int32Array.from(keys), groupStarts: Int32Array.from(starts) };
}

/** A NumberKeys' columns as its constructor takes them. */
export interface NumberKeysParts {
  rank: Int32Array;
  seriesNames: string[];
  series: Uint16Array;
  seps: string[];
  run: Uint32Array;
  meta: Uint8Array;
  irregular: Map<number, NumberRow>;
  side: NumberSide;
}

export class NumberKeys {
  /**
   * The ordinals in number-side order: the regular keys by series, separator and digit string (so the
   * records a typed part matches are one stretch per series and separator, found by binary search),
   * then the irregular ones. One Int32Array: 4 bytes a record.
   */
  readonly byNumber: Int32Array;
  /** How many of `byNumber` are regular (the irregular ones follow). */
  private readonly regular: number;
  /** The series × 8 + separator of each group of `byNumber`, ascending, and where each group starts (one more). */
  private readonly groupKeys: Int32Array;
  private readonly groupStarts: Int32Array;
  /** Series numbers sorted by name (the series a typed part is the start of are one stretch). */
  private readonly seriesSorted: Int32Array;
  private readonly seriesOf: Map<string, number>;

  constructor(
    /** Per ordinal: its place in number order (the SQL tie order of number-filtered queries). */
    readonly rank: Int32Array,
    private readonly seriesNames: string[],
    private readonly series: Uint16Array,
    private readonly seps: string[],
    private readonly run: Uint32Array,
    /** Bits 0–3: digits held in `run`; 4–6: separator; 7: irregular (the key is in `irregular`). */
    private readonly meta: Uint8Array,
    private readonly irregular: Map<number, NumberRow>,
    side: NumberSide,
  ) {
    this.seriesOf = new Map(seriesNames.map((name, i) => [name, i]));
    this.seriesSorted = Int32Array.from(seriesNames.keys()).sort((a, b) =>
      seriesNames[a]! < seriesNames[b]! ? -1 : seriesNames[a]! > seriesNames[b]! ? 1 : 0,
    );
    ({ byNumber: this.byNumber, regular: this.regular, groupKeys: this.groupKeys, groupStarts: this.groupStarts } = side);
  }

  /** What a snapshot of the index stores (title-index-snapshot.ts); `fromParts` takes it back. */
  parts(): NumberKeysParts {
    const side = { byNumber: this.byNumber, regular: this.regular, groupKeys: this.groupKeys, groupStarts: this.groupStarts };
    const { rank, seriesNames, series, seps, run, meta, irregular } = this;
    return { rank, seriesNames, series, seps, run, meta, irregular, side };
  }

  static fromParts(p: NumberKeysParts): NumberKeys {
    return new NumberKeys(p.rank, p.seriesNames, p.series, p.seps, p.run, p.meta, p.irregular, p.side);
  }

  get bytes() {
    return (
      this.rank.byteLength +
      this.series.byteLength +
      this.run.byteLength +
      this.meta.byteLength +
      this.byNumber.byteLength +
      this.groupKeys.byteLength +
      this.groupStarts.byteLength
    );
  }

  /**
   * The filter of one number part, per ordinal. Everything that depends only on the typed part, the
   * series and the separator is worked out once per query (ranges of the held digits per digit count),
   * so a record costs a few array reads: a common word brings a hundred thousand candidates.
   */
  matcher(part: NumberPart): (o: number) => Verdict {
    const { prefix, digits } = part;
    const { series, run, meta, seps } = this;
    const irregular = (o: number): Verdict => {
      const r = this.irregular.get(o)!;
      if (!digits) return r.noKey.startsWith(prefix) ? YES : NO;
      const cut = [...r.noKey].slice([...r.noPrefix].length).join('');
      return cut.replace(/^[- ]+/, '').startsWith(prefix) ? YES : NO;
    };
    if (digits) {
      const t = digitRanges(prefix);
      return (o) => {
        const m = meta[o]!;
        if (m & IRREGULAR) return irregular(o);
        const len = m & 15;
        const v = run[o]!;
        return v >= t.lo[len]! && v < t.hi[len]! ? YES : NO;
      };
    }
    // Series form: per series and separator, what the typed part asks of the held digits.
    const cases = new Map<number, Case>();
    return (o) => {
      const m = meta[o]!;
      if (m & IRREGULAR) return irregular(o);
      const k = series[o]! * 8 + ((m >> 4) & 7);
      let c = cases.get(k);
      if (!c) cases.set(k, (c = caseFor(prefix, this.seriesNames[series[o]!]!, seps[(m >> 4) & 7]!)));
      if (c.settled !== undefined) return c.settled;
      const len = m & 15;
      const v = run[o]!;
      if (c.yes) return v >= c.yes.ranges.lo[len]! && v < c.yes.ranges.hi[len]! ? YES : NO;
      return len === c.unknown!.len && v === c.unknown!.value ? UNKNOWN : NO;
    };
  }

  /**
   * The records the matcher does not answer NO for, found from the number side (ADR 0098): per series
   * and separator the case of the typed part (as the matcher decides it), as stretches of `byNumber`;
   * the irregular keys as one stretch to test. A query whose words are common and whose number part is
   * selective visits these instead of every record holding the words.
   */
  spans(part: NumberPart): NumberSpans {
    const spans: number[] = [];
    let size = 0;
    const add = (lo: number, hi: number, verdict: number) => {
      if (hi <= lo) return;
      spans.push(lo, hi, verdict);
      size += hi - lo;
    };
    const { prefix, digits } = part;
    if (digits) {
      for (let g = 0; g < this.groupKeys.length; g++) this.addDigits(g, prefix, YES, add);
    } else {
      // Series whose name starts with the typed part: all their records.
      const names = this.seriesNames;
      const sorted = this.seriesSorted;
      let lo = 0;
      let hi = sorted.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (names[sorted[mid]!]! < prefix) lo = mid + 1;
        else hi = mid;
      }
      for (let i = lo; i < sorted.length && names[sorted[i]!]!.startsWith(prefix); i++) {
        const s = sorted[i]!;
        const a = this.group(s * 8);
        const b = this.group(s * 8 + 8);
        add(this.groupStarts[a]!, this.groupStarts[b]!, YES);
      }
      // Series whose name is a proper start of the typed part: per separator, as the matcher's cases.
      for (let l = 0; l < prefix.length; l++) {
        const s = this.seriesOf.get(prefix.slice(0, l));
        if (s === undefined) continue;
        for (let e = 0; e < this.seps.length; e++) {
          const g = this.group(s * 8 + e);
          if (g === this.groupKeys.length || this.groupKeys[g] !== s * 8 + e) continue;
          const c = caseFor(prefix, names[s]!, this.seps[e]!);
          if (c.settled === YES) add(this.groupStarts[g]!, this.groupStarts[g + 1]!, YES);
          else if (c.yes) this.addDigits(g, c.yes.typed, YES, add);
          else if (c.unknown) this.addDigits(g, c.unknown.typed, UNKNOWN, add);
        }
      }
    }
    add(this.regular, this.byNumber.length, ASK);
    return { spans, size };
  }

  /**
   * How many records the number part matches (a number listing's total: SQL `no_key like '<prefix>%'`
   * counted along the number-order index, 2–12 ms at 1M records for a series with one digit typed; here a
   * few binary searches and the irregular keys tested). Undefined when a record's verdict needs more of its
   * number than is held (count in SQL).
   */
  count(part: NumberPart): number | undefined {
    const { spans } = this.spans(part);
    let test: ((o: number) => Verdict) | undefined;
    let n = 0;
    for (let s = 0; s < spans.length; s += 3) {
      const [lo, hi, verdict] = [spans[s]!, spans[s + 1]!, spans[s + 2]!];
      if (verdict === YES) n += hi - lo;
      else if (verdict === UNKNOWN) return undefined;
      else
        for (let p = lo; p < hi; p++) {
          const v = (test ??= this.matcher(part))(this.byNumber[p]!);
          if (v === UNKNOWN) return undefined;
          if (v === YES) n++;
        }
    }
    return n;
  }

  /**
   * A number listing in memory (decisions/0109): of the records whose number starts with `prefix` (SQL
   * `no_key like '<prefix>%'`), those `skip` does not take out, the first `want` ordinals in number order
   * (`rank`), and how many there are (`first`: how many `before` takes). Undefined when a record's verdict needs
   * more of its number than is held.
   */
  listing(
    prefix: string,
    skip: (o: number) => boolean,
    want: number,
    /** Records listed before the others (each part in number order); all when unset. */
    before?: (o: number) => boolean,
    /**
     * Whether a record the held digits cannot decide (`undecided`) matches, as the caller read it from its whole
     * number; unset: such a record makes the listing undefined.
     */
    decide?: (o: number) => boolean,
  ): { ords: number[]; total: number; first: number } | undefined {
    const part = { prefix, digits: false };
    const { spans, size } = this.spans(part);
    // Deep pages and very broad prefixes (`GB/T` alone) are left to SQL, which walks the number-order index:
    // here every match is visited, and a deep page's buffer makes each insertion long. With a typed spelling
    // SQL cannot walk, so broader prefixes are listed here (MAX_SCANNED_SPELLING).
    if (want > MAX_LISTED || size > (before ? MAX_SCANNED_SPELLING : MAX_SCANNED)) return undefined;
    const n = this.rank.length;
    const order = this.rank;
    const key = before ? (o: number) => order[o]! + (before(o) ? 0 : n) : (o: number) => order[o]!;
    let first = 0;
    let test: ((o: number) => Verdict) | undefined;
    // The best `want` so far, ascending by rank. Spans run in series and digit order, close to number
    // order, so most records fail the one comparison with the last kept.
    const keep: number[] = [];
    let total = 0;
    for (let s = 0; s < spans.length; s += 3) {
      const verdict = spans[s + 2]!;
      if (verdict === UNKNOWN && !decide) return undefined;
      for (let p = spans[s]!, end = spans[s + 1]!; p < end; p++) {
        const o = this.byNumber[p]!;
        if (verdict === UNKNOWN) {
          if (!decide!(o)) continue;
        } else if (verdict === ASK) {
          const v = (test ??= this.matcher(part))(o);
          if (v === UNKNOWN) return undefined;
          if (v !== YES) continue;
        }
        if (skip(o)) continue;
        total++;
        const r = key(o);
        if (r < n) first++;
        if (keep.length === want && (want === 0 || r >= key(keep[want - 1]!))) continue;
        let at = keep.length === want ? want - 1 : keep.length;
        while (at > 0 && key(keep[at - 1]!) > r) {
          keep[at] = keep[at - 1]!;
          at--;
        }
        keep[at] = o;
      }
    }
    return { ords: keep, total, first };
  }

  /**
   * The records whose number the held digits cannot decide against `prefix`: their digits are exactly the typed
   * ones and the typed part goes on past them (`GB/T 50011-2010` against GB/T 50011-2001, GB/T 50011.2-2010). Those
   * are the editions and parts of one number, read whole by the caller (decisions/0115); more than `cap`: undefined.
   */
  undecided(prefix: string, cap: number): number[] | undefined {
    const { spans } = this.spans({ prefix, digits: false });
    const out: number[] = [];
    for (let s = 0; s < spans.length; s += 3) {
      if (spans[s + 2] !== UNKNOWN) continue;
      if (out.length + spans[s + 1]! - spans[s]! > cap) return undefined;
      for (let p = spans[s]!; p < spans[s + 1]!; p++) out.push(this.byNumber[p]!);
    }
    return out;
  }

  /** The first group whose key is at least `key`. */
  private group(key: number): number {
    return lowerBound(this.groupKeys, key);
  }

  /**
   * In group `g`, the records whose held digits start with `typed` (YES), or are exactly `typed`
   * (UNKNOWN: the typed part goes on past them). More than nine typed digits are never held.
   */
  private addDigits(g: number, typed: string, verdict: number, add: (lo: number, hi: number, verdict: number) => void) {
    const m = typed.length;
    if (m > MAX_RUN) return;
    const v = m ? Number(typed) : 0;
    const from = digitKey(v, m);
    const to = verdict === YES ? (v + 1) * POW10[MAX_RUN - m]! * 10 : from + 1;
    add(this.at(g, from), this.at(g, to), verdict);
  }

  /** The first place in group `g` of `byNumber` whose digit key is at least `key`. */
  private at(g: number, key: number): number {
    const { byNumber, run, meta } = this;
    let lo = this.groupStarts[g]!;
    let hi = this.groupStarts[g + 1]!;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const o = byNumber[mid]!;
      if (digitKey(run[o]!, meta[o]! & 15) < key) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
