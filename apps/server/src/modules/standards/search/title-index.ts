/**
 * An in-memory index of the catalogue's titles for keyword ranking (docs/decisions/0044-title-index.md).
 *
 * The GIN index on search_tokens says which records hold a keyword's tokens, not how they rank, so a
 * common word made PostgreSQL read and score every matching row (188,000 rows for 规范 at 1M records)
 * just to return twenty. Here each Han bigram maps to the records holding it, in tie order, and the
 * ranking of docs/search.md (ADR 0021; search-sql.ts buildSearch, buildPartial) runs over those lists in
 * process: the same scores, the same ties, the same totals. The database stays the source of truth;
 * this is a read model of one catalogue version, used only while that version is current.
 */

/** Records in force rank 40 above others of the same title class (search-sql.ts IN_FORCE). */
const IN_FORCE = 40;
/** Records holding the typed keyword's own tokens rank this far above synonym-only ones (search-sql.ts). */
const TYPED_WORDS = 400;

const HAN_BIGRAM = /^\p{Script=Han}{2}$/u;
const HAN_CHAR = /^\p{Script=Han}$/u;

/** Han bigrams have posting lists; queries need at least one per token set. */
export const isBigram = (t: string) => t.length >= 2 && t.length <= 4 && HAN_BIGRAM.test(t);
/** Han characters have posting lists too (pieces typed across word boundaries, single characters). */
export const isHanChar = (t: string) => t.length <= 2 && HAN_CHAR.test(t);
/** Tokens with a posting list: Han bigrams and Han characters. */
export const hasList = (t: string) => isBigram(t) || isHanChar(t);

export const codePoints = (s: string) => {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0xd800 || c > 0xdbff) n++;
  }
  return n;
};

const EMPTY = new Int32Array(0);

/**
 * Sorted-list intersection, smallest list first; galloping keeps a short list cheap against a long one.
 * Results go to the two scratch buffers in turn (one allocation per index, not per query: allocating
 * and freeing large arrays per request left the allocator holding hundreds of MB between collections).
 */
function intersect(lists: Int32Array[], scratch: [Int32Array, Int32Array]): Int32Array {
  if (!lists.length) return EMPTY;
  const sorted = [...lists].sort((a, b) => a.length - b.length);
  let acc = sorted[0]!;
  for (let l = 1; l < sorted.length && acc.length; l++) {
    const other = sorted[l]!;
    const out = scratch[l % 2]!;
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

/** Titles in tie order: one string, each title's offset, code-point length and first code unit. */
export interface Titles {
  text: string;
  starts: Int32Array;
  lengths: Uint16Array;
  first: Uint16Array;
}

export interface Ranked {
  /** Record ids of the requested slice, best first. */
  ids: number[];
  total: number;
}

export class TitleIndex {
  private marks?: Uint16Array;
  private state?: Uint8Array;
  private typed?: Uint8Array;
  private scratch?: [Int32Array, Int32Array];

  constructor(
    readonly version: number,
    private readonly ids: Int32Array,
    private readonly titles: Titles,
    /** Bit 0: in force; bit 1: every Han bigram token is in the title; bit 2: so is every Han character token. */
    private readonly flags: Uint8Array,
    private readonly lists: Map<string, Int32Array>,
  ) {}

  get size() {
    return this.ids.length;
  }

  /** Postings and names held, roughly in bytes (metrics, bench). */
  get bytes() {
    const t = this.titles;
    let b = this.ids.byteLength + t.starts.byteLength + t.lengths.byteLength + t.first.byteLength + this.flags.byteLength;
    for (const [token, l] of this.lists) b += l.byteLength + token.length * 2 + 64;
    return b + t.text.length * 2;
  }

  private title(o: number): string {
    return this.titles.text.slice(this.titles.starts[o]!, this.titles.starts[o + 1]!);
  }

  private list(token: string): Int32Array {
    return this.lists.get(token) ?? EMPTY;
  }

  /** Records holding every token (SQL `search_tokens @>`): the tokens' lists intersected. */
  /** Valid until the next call (it lives in the scratch buffers). */
  private holding(tokens: string[]): Int32Array {
    const scratch = (this.scratch ??= [new Int32Array(this.ids.length), new Int32Array(this.ids.length)]);
    return intersect(
      tokens.map((t) => this.list(t)),
      scratch,
    );
  }

  /**
   * Records holding every token of one of the variants' token sets, ranked as buildSearch ranks a
   * keyword without number keys: title equal 300, leading 200, containing 100, else 0; +40 in force;
   * + 30 × the keyword's share of the title; ties newest implement date, then highest id. With
   * `typedFirst` (search-sql.ts BuiltSearch), + TYPED_WORDS for records holding every token of tokenSets[0].
   */
  rankFull(variants: string[], tokenSets: string[][], offset: number, size: number, typedFirst = false): Ranked {
    const holdings = tokenSets.length === 1 ? undefined : tokenSets.map((ts) => this.holding(ts).slice());
    const cands = holdings ? union(holdings) : this.holding(tokenSets[0]!);
    const typedOnes = typedFirst && holdings ? holdings[0]! : EMPTY;
    const typed = (this.typed ??= new Uint8Array(this.ids.length));
    for (const o of typedOnes) typed[o] = 1;
    const k = codePoints(variants[0]!);
    const { text, starts, lengths, first } = this.titles;
    // A one-bigram keyword (规范) is in the title of every record holding it whose bigrams all come
    // from the title: only records whose title starts with its first character need reading.
    const [v0] = variants;
    const held = variants.length === 1 && tokenSets.length === 1 && tokenSets[0]!.length === 1 && tokenSets[0]![0] === v0;
    // Which flag says a held token is in the title: bit 1 for a bigram, bit 2 for a character.
    const heldBit = held && isHanChar(v0!) ? 4 : 2;
    const cls = (o: number, v: string) => {
      const at = starts[o]!;
      const end = starts[o + 1]!;
      // Bounded by the title's end: the titles are stored end to end in one string.
      if (first[o] === v.charCodeAt(0) && at + v.length <= end && text.startsWith(v, at))
        return end - at === v.length ? 300 : 200;
      if (held && (this.flags[o]! & heldBit) !== 0) return 100;
      return this.title(o).includes(v) ? 100 : 0;
    };
    const score = (o: number) => {
      let c = 0;
      for (const v of variants) c = Math.max(c, cls(o, v));
      const len = lengths[o]!;
      return c + typed[o]! * TYPED_WORDS + (this.flags[o]! & 1) * IN_FORCE + (30 * Math.min(k, len)) / Math.max(len, 1);
    };
    const ids = this.page(best(cands, score, offset + size), offset);
    for (const o of typedOnes) typed[o] = 0;
    return { ids, total: cands.length };
  }

  /**
   * buildPartial in memory: records holding every token of one of a set's subsets (the caller passes
   * search-sql.ts subsets) but not all of any set; at most `cap` of them, the best ones, ranked by
   * tokens held, in force, then the tie order.
   */
  rankPartial(sets: { tokens: string[]; subsets: string[][] }[], cap: number, offset: number, size: number): Ranked {
    const n = this.ids.length;
    const marks = (this.marks ??= new Uint16Array(n));
    // Per record: the most tokens held of any one set (bits 0-4), qualifies (bit 5), holds a whole set (bit 6).
    const state = (this.state ??= new Uint8Array(n));
    const touched: number[] = [];
    for (const set of sets) {
      const mine: number[] = [];
      set.tokens.forEach((t, bit) => {
        for (const o of this.list(t)) {
          if (!marks[o]) mine.push(o);
          marks[o]! |= 1 << bit;
        }
      });
      const masks = set.subsets.map((s) => s.reduce((m, t) => m | (1 << set.tokens.indexOf(t)), 0));
      const all = (1 << set.tokens.length) - 1;
      for (const o of mine) {
        const m = marks[o]!;
        marks[o] = 0;
        if (!state[o]) touched.push(o);
        let bits = 0;
        for (let x = m; x; x &= x - 1) bits++;
        let st = Math.max(state[o]! & 31, bits) | (state[o]! & 96);
        if (m === all) st |= 64;
        if (masks.some((s) => (m & s) === s)) st |= 32;
        state[o] = st;
      }
    }
    // Few distinct scores (tokens held × in force): bucket them, each bucket in tie order.
    const buckets: number[][] = [];
    for (const o of touched) {
      const st = state[o]!;
      state[o] = 0;
      if ((st & 96) !== 32) continue;
      (buckets[(st & 31) * 2 + (this.flags[o]! & 1)] ??= []).push(o);
    }
    const ranked: number[] = [];
    for (let b = buckets.length - 1; b >= 0 && ranked.length < cap; b--) {
      const bucket = buckets[b];
      if (!bucket) continue;
      const sorted = bucket.sort((a, b) => a - b);
      for (let i = 0; i < sorted.length && ranked.length < cap; i++) ranked.push(sorted[i]!);
    }
    return { ids: this.page(ranked.slice(0, offset + size), offset), total: ranked.length };
  }

  private page(ords: number[], offset: number): number[] {
    return ords.slice(offset).map((o) => this.ids[o]!);
  }
}
