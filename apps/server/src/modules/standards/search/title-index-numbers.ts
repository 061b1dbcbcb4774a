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
    const n = order.length;
    if (!this.complete || numberOrder.length !== n) return undefined;
    const rowToOrd = new Int32Array(n);
    for (let o = 0; o < n; o++) rowToOrd[order[o]!] = o;
    const rank = new Int32Array(n).fill(-1);
    for (let i = 0; i < n; i++) {
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
    for (let o = 0; o < n; o++) {
      const row = order[o]!;
      series[o] = this.rowSeries[row]!;
      run[o] = this.rowRun[row]!;
      meta[o] = this.rowMeta[row]!;
      const irr = this.irregular.get(row);
      if (irr) irregular.set(o, irr);
    }
    return new NumberKeys(rank, this.series, series, this.seps, run, meta, irregular);
  }
}

/** What a series-form prefix asks of a record in one series with one separator. */
interface Case {
  settled?: Verdict;
  yes?: Ranges;
  unknown?: { len: number; value: number };
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

export class NumberKeys {
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
  ) {}

  get bytes() {
    return this.rank.byteLength + this.series.byteLength + this.run.byteLength + this.meta.byteLength;
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
    const caseOf = (s: number, sep: number): Case => {
      const p = this.seriesNames[s]!;
      if (prefix.length <= p.length) return { settled: p.startsWith(prefix) ? YES : NO };
      if (!prefix.startsWith(p)) return { settled: NO };
      const r = prefix.slice(p.length);
      const sepText = seps[sep]!;
      if (r.length <= sepText.length) return { settled: sepText.startsWith(r) ? YES : NO };
      if (!r.startsWith(sepText)) return { settled: NO };
      const d = r.slice(sepText.length);
      let j = 0;
      while (j < d.length && isDigit(d.charCodeAt(j))) j++;
      if (j === d.length) return { yes: digitRanges(d) };
      // A non-digit typed where the record's digits end: the rest of its key decides (not held).
      return { unknown: { len: j, value: j ? Number(d.slice(0, j)) : 0 } };
    };
    return (o) => {
      const m = meta[o]!;
      if (m & IRREGULAR) return irregular(o);
      const k = series[o]! * 8 + ((m >> 4) & 7);
      let c = cases.get(k);
      if (!c) cases.set(k, (c = caseOf(series[o]!, (m >> 4) & 7)));
      if (c.settled !== undefined) return c.settled;
      const len = m & 15;
      const v = run[o]!;
      if (c.yes) return v >= c.yes.lo[len]! && v < c.yes.hi[len]! ? YES : NO;
      return len === c.unknown!.len && v === c.unknown!.value ? UNKNOWN : NO;
    };
  }
}
