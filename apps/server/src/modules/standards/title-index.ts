/**
 * An in-memory index of the catalogue's titles for keyword ranking (docs/decisions/0044-title-index.md).
 *
 * The GIN index on search_tokens says which records hold a keyword's tokens, not how they rank, so a
 * common word made PostgreSQL read and score every matching row (188,000 rows for 规范 at 1M records)
 * just to return twenty. Here each Han bigram maps to the records holding it, in tie order, and the
 * ranking of docs/product.md §search (search-sql.ts buildSearch, buildPartial) runs over those lists in
 * process: the same scores, the same ties, the same totals. The database stays the source of truth;
 * this is a read model of one catalogue version, used only while that version is current.
 */

/** Records in force rank 40 above others of the same title class (search-sql.ts IN_FORCE). */
const IN_FORCE = 40;

const HAN_BIGRAM = /^\p{Script=Han}{2}$/u;
const HAN_CHAR = /^\p{Script=Han}$/u;
const HAN_CHARS = /\p{Script=Han}/gu;

/** Han bigrams have posting lists; queries need at least one per token set. */
export const isBigram = (t: string) => t.length >= 2 && t.length <= 4 && HAN_BIGRAM.test(t);
/** Han characters are checked against each candidate's title (a posting list each would double the index). */
export const isHanChar = (t: string) => t.length <= 2 && HAN_CHAR.test(t);

const codePoints = (s: string) => {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0xd800 || c > 0xdbff) n++;
  }
  return n;
};

/** One catalogue row as the index reads it. `date`: implement_date as ISO text or null. */
export interface IndexRow {
  id: number;
  name: string;
  inForce: boolean;
  date: string | null;
  tokens: string;
}

const dayNumber = (d: string | null) => (d ? Number(d.slice(0, 4)) * 10_000 + Number(d.slice(5, 7)) * 100 + Number(d.slice(8, 10)) : -1);

/** Collects rows (any order), then builds the index; tokens are kept as ids so the build stays compact. */
export class TitleIndexBuilder {
  private readonly ids: number[] = [];
  private readonly names: string[] = [];
  private readonly inForce: number[] = [];
  private readonly days: number[] = [];
  /** Rows whose Han character tokens are not exactly the Han characters of their title (an English title in Han, NFKC). */
  private readonly otherChars = new Map<number, string>();
  private readonly tokenIds = new Map<string, number>();
  private tokenStarts: number[] = [0];
  private tokenList = new Int32Array(1 << 16);
  private tokenCount = 0;

  add(r: IndexRow) {
    this.ids.push(r.id);
    this.names.push(r.name);
    this.inForce.push(r.inForce ? 1 : 0);
    this.days.push(dayNumber(r.date));
    const chars = new Set<string>();
    for (const t of r.tokens.split(' ')) {
      if (isHanChar(t)) chars.add(t);
      if (!isBigram(t)) continue;
      let id = this.tokenIds.get(t);
      if (id === undefined) this.tokenIds.set(t, (id = this.tokenIds.size));
      if (this.tokenCount === this.tokenList.length) {
        const grown = new Int32Array(this.tokenList.length * 2);
        grown.set(this.tokenList);
        this.tokenList = grown;
      }
      this.tokenList[this.tokenCount++] = id;
    }
    this.tokenStarts.push(this.tokenCount);
    const inName = new Set(r.name.match(HAN_CHARS));
    if (inName.size !== chars.size || [...chars].some((c) => !inName.has(c))) this.otherChars.set(this.ids.length - 1, [...chars].join(''));
  }

  build(version: number): TitleIndex {
    const n = this.ids.length;
    // Tie order of the SQL ranking: implement_date desc nulls last, id desc.
    const order = Array.from({ length: n }, (_, i) => i).sort(
      (a, b) => this.days[b]! - this.days[a]! || this.ids[b]! - this.ids[a]!,
    );
    const ids = new Int32Array(n);
    const names: string[] = new Array<string>(n);
    const lengths = new Uint16Array(n);
    const inForce = new Uint8Array(n);
    const otherChars = new Map<number, string>();
    const counts = new Int32Array(this.tokenIds.size + 1);
    for (let i = 0; i < this.tokenCount; i++) counts[this.tokenList[i]! + 1]!++;
    for (let t = 1; t < counts.length; t++) counts[t]! += counts[t - 1]!;
    const starts = counts.slice();
    const postings = new Int32Array(this.tokenCount);
    order.forEach((row, ord) => {
      ids[ord] = this.ids[row]!;
      names[ord] = this.names[row]!;
      lengths[ord] = Math.min(codePoints(this.names[row]!), 0xffff);
      inForce[ord] = this.inForce[row]!;
      const other = this.otherChars.get(row);
      if (other !== undefined) otherChars.set(ord, other);
      // Ordinals are visited in ascending order, so every posting list comes out sorted.
      for (let i = this.tokenStarts[row]!; i < this.tokenStarts[row + 1]!; i++) postings[counts[this.tokenList[i]!]!++] = ord;
    });
    const lists = new Map<string, Int32Array>();
    for (const [t, id] of this.tokenIds) lists.set(t, postings.subarray(starts[id]!, starts[id + 1]!));
    return new TitleIndex(version, ids, names, lengths, inForce, lists, otherChars);
  }
}

const EMPTY = new Int32Array(0);

/** Sorted-list intersection, smallest list first; galloping keeps a short list cheap against a long one. */
function intersect(lists: Int32Array[]): Int32Array {
  if (!lists.length) return EMPTY;
  const sorted = [...lists].sort((a, b) => a.length - b.length);
  let acc = sorted[0]!;
  for (let l = 1; l < sorted.length && acc.length; l++) {
    const other = sorted[l]!;
    const out = new Int32Array(acc.length);
    let n = 0;
    let lo = 0;
    for (let i = 0; i < acc.length; i++) {
      const v = acc[i]!;
      let step = 1;
      let hi = lo;
      while (hi < other.length && other[hi]! < v) {
        lo = hi + 1;
        hi += step;
        step *= 2;
      }
      hi = Math.min(hi, other.length);
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (other[mid]! < v) lo = mid + 1;
        else hi = mid;
      }
      if (lo < other.length && other[lo] === v) out[n++] = v;
    }
    acc = out.subarray(0, n);
  }
  return acc;
}

/** Sorted union without duplicates. */
function union(lists: Int32Array[]): Int32Array {
  if (lists.length === 1) return lists[0]!;
  const all = new Int32Array(lists.reduce((s, l) => s + l.length, 0));
  let n = 0;
  for (const l of lists) all.set(l, (n += l.length) - l.length);
  all.sort();
  let w = 0;
  for (let i = 0; i < all.length; i++) if (i === 0 || all[i] !== all[i - 1]) all[w++] = all[i]!;
  return all.subarray(0, w);
}

/**
 * The `want` best candidates by score desc, then ordinal asc (the tie order). A full sort when the
 * page reaches deep into the candidates, else one pass keeping the best `want` in a sorted buffer.
 */
function best(cands: ArrayLike<number>, score: (ord: number) => number, want: number): number[] {
  const n = cands.length;
  const before = (sa: number, oa: number, sb: number, ob: number) => sa > sb || (sa === sb && oa < ob);
  if (want * 16 >= n) {
    const scores = new Float64Array(n);
    const idx = new Int32Array(n);
    for (let i = 0; i < n; i++) scores[(idx[i] = i)] = score(cands[i]!);
    const sorted = Array.from(idx).sort((a, b) => scores[b]! - scores[a]! || cands[a]! - cands[b]!);
    return sorted.slice(0, want).map((i) => cands[i]!);
  }
  const keep: number[] = [];
  const scores: number[] = [];
  for (let i = 0; i < n; i++) {
    const o = cands[i]!;
    const sc = score(o);
    if (keep.length === want && !before(sc, o, scores[want - 1]!, keep[want - 1]!)) continue;
    let at = keep.length === want ? want - 1 : keep.length;
    while (at > 0 && before(sc, o, scores[at - 1]!, keep[at - 1]!)) {
      keep[at] = keep[at - 1]!;
      scores[at] = scores[at - 1]!;
      at--;
    }
    keep[at] = o;
    scores[at] = sc;
  }
  return keep;
}

export interface Ranked {
  /** Record ids of the requested slice, best first. */
  ids: number[];
  total: number;
}

export class TitleIndex {
  private marks?: Uint16Array;

  constructor(
    readonly version: number,
    private readonly ids: Int32Array,
    private readonly names: string[],
    private readonly lengths: Uint16Array,
    private readonly inForce: Uint8Array,
    private readonly lists: Map<string, Int32Array>,
    private readonly otherChars: Map<number, string>,
  ) {}

  get size() {
    return this.ids.length;
  }

  /** Postings and names held, roughly in bytes (metrics, bench). */
  get bytes() {
    let b = this.ids.byteLength + this.lengths.byteLength + this.inForce.byteLength;
    for (const [t, l] of this.lists) b += l.byteLength + t.length * 2 + 64;
    for (const s of this.names) b += 16 + s.length * 2;
    return b;
  }

  private list(token: string): Int32Array {
    return this.lists.get(token) ?? EMPTY;
  }

  /** Records holding every token: the bigrams' lists intersected, then each Han character checked. */
  private holding(tokens: string[]): Int32Array {
    const found = intersect(tokens.filter(isBigram).map((t) => this.list(t)));
    const chars = tokens.filter((t) => !isBigram(t));
    if (!chars.length) return found;
    return found.filter((o) => {
      const text = this.otherChars.get(o) ?? this.names[o]!;
      return chars.every((c) => text.includes(c));
    });
  }

  /**
   * Records holding every token of one of the variants' token sets, ranked as buildSearch ranks a
   * keyword without number keys: title equal 300, leading 200, containing 100, else 0; +40 in force;
   * + 30 × the keyword's share of the title; ties newest implement date, then highest id.
   */
  rankFull(variants: string[], tokenSets: string[][], offset: number, size: number): Ranked {
    const cands = union(tokenSets.map((ts) => this.holding(ts)));
    const k = codePoints(variants[0]!);
    const score = (o: number) => {
      const name = this.names[o]!;
      let cls = 0;
      for (const v of variants) {
        const c = name === v ? 300 : name.startsWith(v) ? 200 : name.includes(v) ? 100 : 0;
        if (c > cls) cls = c;
      }
      const len = this.lengths[o]!;
      return cls + this.inForce[o]! * IN_FORCE + (30 * Math.min(k, len)) / Math.max(len, 1);
    };
    return { ids: this.page(best(cands, score, offset + size), offset), total: cands.length };
  }

  /**
   * buildPartial in memory: records holding every token of one of a set's subsets (the caller passes
   * search-sql.ts subsets) but not all of any set; at most `cap` of them, the best ones, ranked by
   * tokens held, in force, then the tie order.
   */
  rankPartial(sets: { tokens: string[]; subsets: string[][] }[], cap: number, offset: number, size: number): Ranked {
    const marks = (this.marks ??= new Uint16Array(this.ids.length));
    // Tokens held per set (as bit masks) for every record holding any token; a record qualifies when
    // it holds a whole subset of some set, and ranks by the most tokens it holds of any one set.
    const held = new Map<number, number>();
    const qualifies = new Set<number>();
    const full = new Set<number>();
    for (const set of sets) {
      const touched: number[] = [];
      set.tokens.forEach((t, bit) => {
        for (const o of this.list(t)) {
          if (!marks[o]) touched.push(o);
          marks[o]! |= 1 << bit;
        }
      });
      const masks = set.subsets.map((s) => s.reduce((m, t) => m | (1 << set.tokens.indexOf(t)), 0));
      const all = (1 << set.tokens.length) - 1;
      for (const o of touched) {
        const m = marks[o]!;
        marks[o] = 0;
        if (m === all) full.add(o);
        if (masks.some((s) => (m & s) === s)) qualifies.add(o);
        let bits = 0;
        for (let x = m; x; x &= x - 1) bits++;
        if (bits > (held.get(o) ?? 0)) held.set(o, bits);
      }
    }
    for (const o of held.keys()) if (full.has(o) || !qualifies.has(o)) held.delete(o);
    const cands = Int32Array.from(held.keys());
    const ranked = best(cands, (o) => held.get(o)! * 100 + this.inForce[o]!, Math.min(cap, held.size));
    return { ids: this.page(ranked.slice(0, offset + size), offset), total: ranked.length };
  }

  private page(ords: number[], offset: number): number[] {
    return ords.slice(offset).map((o) => this.ids[o]!);
  }
}
