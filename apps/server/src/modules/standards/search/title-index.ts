/**
 * An in-memory index of the catalogue's titles for keyword ranking (docs/decisions/0044-title-index.md).
 *
 * The GIN index on search_tokens says which records hold a keyword's tokens, not how they rank, so a
 * common word made PostgreSQL read and score every matching row (188,000 rows for 规范 at 1M records)
 * just to return twenty. Here each Han bigram and Han character maps to the records holding it, in tie
 * order, and the ranking of docs/search.md (ADR 0021; search-sql.ts buildSearch, buildPartial) runs over
 * those lists in process: the same scores, the same ties, the same totals. The database stays the source
 * of truth; this is a read model of one catalogue version, used only while that version is current.
 *
 * The postings are one Int32Array arena with a sorted table of 32-bit token keys (a bigram of two UTF-16
 * units is `first × 65536 + second`, a character its unit; the rare tokens outside the BMP get keys from a
 * small table), so a million records cost a few typed arrays, not an object per token
 * (docs/decisions/0091-compact-postings.md). Lists holding more than 1/32 of the records also have a
 * bitmap, so probing them is one read.
 */

import { binomial, combinations } from '../../../lib/combinations.ts';
import { lowerBound } from '../../../lib/sorted.ts';
import { sharedUint32 } from '../../../lib/shared-arrays.ts';
import { ASK, NO, NumberKeys, UNKNOWN, YES, type NumberKeysParts, type NumberPart } from './title-index-numbers.ts';

/** Records in force rank 40 above others of the same title class (search-sql.ts IN_FORCE). */
const IN_FORCE = 40;
/** Records holding the typed keyword's own tokens rank this far above synonym-only ones (search-sql.ts). */
const TYPED_WORDS = 400;

const HAN = /^\p{Script=Han}$/u;
const HAN_IN = /\p{Script=Han}/u;
const HAN_BIGRAM = /^\p{Script=Han}{2}$/u;
const HAN_CHAR = /^\p{Script=Han}$/u;

/** 1 for the BMP code units that are Han characters (the same test as the regular expressions above). */
export const HAN_UNIT = (() => {
  const t = new Uint8Array(65536);
  for (let c = 0x2e80; c <= 0xfaff; c++) if ((c < 0xd800 || c > 0xdfff) && HAN.test(String.fromCharCode(c))) t[c] = 1;
  return t;
})();

/** Han bigrams have posting lists; queries need at least one per token set. */
export const isBigram = (t: string) => t.length >= 2 && t.length <= 4 && HAN_BIGRAM.test(t);
/** Han characters have posting lists too (pieces typed across word boundaries, single characters). */
export const isHanChar = (t: string) => t.length <= 2 && HAN_CHAR.test(t);
/**
 * Latin and digit tokens held in full (docs/decisions/0108): letters alone up to 16 (gb, t, gdw, english words),
 * or up to 4 letters and digits (years, db44, short number parts). Longer runs with digits (most numbers' own
 * digits, one or two records each) are left to SQL, where their short lists cost little; this bounds the distinct
 * tokens a build collects whatever the catalogue holds.
 */
const WORD_TOKEN = /^(?:[a-z]{1,16}|[a-z0-9]{1,4})$/;
export const isWordToken = (t: string) => WORD_TOKEN.test(t);
/** Tokens with a posting list: Han bigrams and Han characters, and the Latin/digit tokens above. */
export const hasList = (t: string) => isBigram(t) || isHanChar(t) || isWordToken(t);
/** The Han tokens (the title flags speak of these only). */
const isHanToken = (t: string) => isBigram(t) || isHanChar(t);

/**
 * The key of a BMP token: a character its code unit, a bigram `first × 65536 + second` (Han units are
 * ≥ 0x2e80, so the two ranges never meet). Undefined for tokens with surrogates (they get keys from
 * OVERFLOW_BASE on, in a table per index).
 */
export function bmpKey(t: string): number | undefined {
  if (t.length === 1) return HAN_UNIT[t.charCodeAt(0)] ? t.charCodeAt(0) : undefined;
  if (t.length === 2) {
    const a = t.charCodeAt(0);
    const b = t.charCodeAt(1);
    return HAN_UNIT[a] && HAN_UNIT[b] ? a * 65536 + b : undefined;
  }
  return undefined;
}
/** Keys of tokens outside the BMP: above every character key, below every bigram key. */
export const OVERFLOW_BASE = 0x10000;

export const codePoints = (s: string) => {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0xd800 || c > 0xdbff) n++;
  }
  return n;
};

const EMPTY = new Int32Array(0);
const EMPTY_BITS = new Uint32Array(0);

/** Lists at least this share of the records get a bitmap (1/32: the bitmap is then no larger than the list). */
const DENSE_SHARE = 32;

/** The postings of one index: keys sorted ascending; list i is postings[offsets[i] .. offsets[i+1]). */
export interface Postings {
  keys: Uint32Array;
  offsets: Int32Array;
  postings: Int32Array;
  /** Tokens outside the BMP → their keys. */
  overflow: Map<string, number>;
}

/** One token's list as a query uses it: the sorted ordinals and, for a dense list, its bitmap. */
interface List {
  ords: Int32Array;
  bits?: Uint32Array;
}
const NO_LIST: List = { ords: EMPTY };

/** Whether ordinal `o` is in the list: a bitmap read, or a binary search. */
function has(l: List, o: number): boolean {
  if (l.bits) return (l.bits[o >>> 5]! & (1 << (o & 31))) !== 0;
  const at = lowerBound(l.ords, o);
  return at < l.ords.length && l.ords[at] === o;
}

/**
 * Sorted-list intersection, smallest list first; dense lists are probed through their bitmaps, others
 * by galloping. Results go to the two scratch buffers in turn (one allocation per index, not per query:
 * allocating and freeing large arrays per request left the allocator holding hundreds of MB).
 */
function intersect(lists: List[], scratch: (i: number, need: number) => Int32Array): Int32Array {
  if (!lists.length) return EMPTY;
  const sorted = lists.length === 1 ? lists : [...lists].sort((a, b) => a.ords.length - b.ords.length);
  let acc = sorted[0]!.ords;
  for (let l = 1; l < sorted.length && acc.length; l++) {
    const other = sorted[l]!;
    const out = scratch(l % 2, acc.length);
    let n = 0;
    const bits = other.bits;
    if (bits) {
      for (let i = 0; i < acc.length; i++) {
        const v = acc[i]!;
        if ((bits[v >>> 5]! & (1 << (v & 31))) !== 0) out[n++] = v;
      }
    } else {
      const o = other.ords;
      let lo = 0;
      for (let i = 0; i < acc.length && lo < o.length; i++) {
        const v = acc[i]!;
        let step = 1;
        let hi = lo;
        while (hi < o.length && o[hi]! < v) {
          lo = hi + 1;
          hi += step;
          step *= 2;
        }
        hi = Math.min(hi, o.length);
        while (lo < hi) {
          const mid = (lo + hi) >> 1;
          if (o[mid]! < v) lo = mid + 1;
          else hi = mid;
        }
        if (lo < o.length && o[lo] === v) out[n++] = v;
      }
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

/** Titles in tie order: one string, each title's offset, code-point length and first code unit. */
export interface Titles {
  text: string;
  starts: Int32Array;
  lengths: Uint16Array;
  first: Uint16Array;
}

/** A TitleIndex's data as its constructor takes it: everything but what it derives (bitmaps, kept pages). */
export interface TitleIndexParts {
  version: number;
  ids: Int32Array;
  titles: Titles;
  flags: Uint8Array;
  post: Postings;
  numbers?: NumberKeysParts;
}

/** What rankPartial reads of an index, all in shared memory but `overflow` (partialParts). */
export interface PartialParts {
  version: number;
  ids: Int32Array;
  flags: Uint8Array;
  post: Postings;
  dense: [number, Uint32Array][];
}

export interface Ranked {
  /** Record ids of the requested slice, best first. */
  ids: number[];
  total: number;
}

/**
 * A token typed alone whose list holds at least TOP_MIN records keeps its first TOP_KEPT records once ranked
 * (20 pages of 20). A page past them ranks twice as deep (or to the page's end) and keeps that, up to TOP_DEEPEST
 * (160 pages of 20): paging on through a common token costs one ranking per doubling, not one per page. At most
 * TOPS_HELD records are kept in all (3.2 MB), the tokens ranked longest ago dropped first.
 */
const TOP_MIN = 1024;
const TOP_KEPT = 400;
const TOP_DEEPEST = 3200;
const TOPS_HELD = 2048 * TOP_KEPT;

/** Partial matching walks the ordinals in windows, first this wide, doubling up to MAX_WINDOW. */
const FIRST_WINDOW = 1 << 12;
const MAX_WINDOW = 1 << 14;
/** A number part whose spans hold at least 1/this of the records is read in ordinal order (inOrdinalOrder). */
const ORDINAL_ORDER_SHARE = 64;
/**
 * A number part's records are met through the words' shortest list (inListOrder) when that list, holding no bitmap,
 * is at most this many times as long as the spans: a step along it costs a bit test, a span record read in number
 * order a binary search in each list.
 */
const LIST_WALK_SHARE = 8;
/** Partial matching ranks by levels of tokens held while a level has at most this many combinations. */
const MAX_LEVEL_COMBOS = 64;
/** Most distinct tokens whose masks a partial ranking keeps its verdicts for (2^this bytes). */
const MEMO_TOKENS = 12;
/** Sparse lists a partial ranking marks per record of the window it reads: one bit each. */
const MARKED_LISTS = 16;
/**
 * Most bitmap reads per 32 records a partial ranking spends finding the records of common tokens together through
 * their bitmaps (ADR 0121); beyond, it walks their lists.
 */
const MAX_GROUP_READS = 48;

const bitCount = (x: number) => {
  let c = 0;
  for (; x; x &= x - 1) c++;
  return c;
};

/** What a partial ranking's walk reads: lists (token indexes), and groups of tokens whose bitmaps it ANDs. */
interface Drivers {
  drivers: number[];
  groups: number[][];
}

/** A partial ranking's walk as it reads a window: drivers and groups, and what it takes from them. */
interface Walk {
  drivers: number[];
  /** Per driver, the earlier drivers' tokens (a record they hold was taken from them). */
  skips: Int32Array;
  /** Every driver's token (a record they hold is not taken from the groups). */
  byDrivers: number;
  groups: Uint32Array[][];
  /** Fewest tokens a record it takes holds. */
  least: number;
  accept: (mask: number) => boolean;
}

/**
 * The records of [lo, hi) (lo a multiple of 32) holding every list of one of `groups`, all bitmaps, read 32 records
 * at a time: one AND per bitmap and word, a call per record found, in ascending ordinal.
 */
function eachInGroups(groups: Uint32Array[][], lo: number, hi: number, visit: (o: number) => void): void {
  for (let w = lo >>> 5, end = (hi + 31) >>> 5; w < end; w++) {
    let word = 0;
    for (const g of groups) {
      let a = g[0]![w]!;
      for (let i = 1; i < g.length && a; i++) a &= g[i]![w]!;
      word |= a;
    }
    while (word) {
      const low = word & -word;
      word ^= low;
      const o = (w << 5) + 31 - Math.clz32(low);
      if (o < hi) visit(o);
    }
  }
}

export class TitleIndex {
  /** A byte per record: those an overlay leaves out, flagged while a partial ranking runs (cleared after it). */
  private state?: Uint8Array;
  /**
   * Per record of the window a partial ranking reads, the window's stamp (high 16 bits) and its marked sparse
   * lists' bits (ADR 0112): a mark under another window's stamp reads as empty, so none is cleared.
   */
  private marks?: Uint32Array;
  private stamp = 0;
  private found?: Int32Array;
  /** Per mask of tokens held, what a partial ranking makes of it (rankPartial). */
  private memo?: Int8Array;
  private typed?: Uint8Array;
  /** A bit per record: those of a number part's spans, and of its spans that ask (inOrdinalOrder), clear between searches. */
  private spanBits?: Uint32Array;
  private askBits?: Uint32Array;
  /** Scratch buffers: two for intersections, one for the candidates a number filter keeps (buf). */
  private readonly bufs: Int32Array[] = [EMPTY, EMPTY, EMPTY];
  /**
   * Which side drives a query with a number part (ADR 0098): the smaller one ('size'), or always one of
   * them (tests compare the two). `numberDriven` counts the queries ranked from the number side.
   */
  drive: 'size' | 'number' | 'words' = 'size';
  numberDriven = 0;
  /** Of those, the ones whose records were read in ordinal order (inOrdinalOrder). */
  ordinalOrdered = 0;
  /** Of those, the ones whose records were met along the words' shortest list (inListOrder). */
  listWalked = 0;
  /**
   * Whether a partial ranking finds the records of common tokens together through their bitmaps (ADR 0121) or walks
   * their lists (tests and the bench compare the two); `groupWalks` counts the walks that read bitmaps together.
   */
  bitmapGroups = true;
  groupWalks = 0;
  /** Bitmaps of the dense lists, by list number. */
  private readonly dense = new Map<number, Uint32Array>();
  /** The first records of common tokens typed alone, as ranked (rankFull): TOP_KEPT, or deeper once paged past. */
  private readonly tops = new Map<string, Int32Array>();
  /** Records held in `tops`, at most `topsBudget` (TOPS_HELD; tests make it small). */
  private topsHeld = 0;
  topsBudget = TOPS_HELD;
  /** Such records ranked ahead, right after the build (keepTop): kept for the index's life, never evicted. */
  private readonly warmed = new Map<string, Int32Array>();
  /** Records with an English title (flag bit 3): a keyword without Han ranks those in SQL (rankFull). */
  private englishTitles = 0;
  /**
   * An index followed past its build (overlaid): the version whose records it holds (`since`), the ids of the
   * records changed after it (`changed`, sorted; ranked from `fresh` by search.ts), and the ordinals of those it holds
   * (`gone`, a bitmap, and `goneOrds`), which its rankings leave out (decisions/0118).
   */
  private overlay?: { since: number; changed: Int32Array; gone: Uint32Array; goneOrds: Int32Array; fresh: TitleIndex };

  constructor(
    readonly version: number,
    private readonly ids: Int32Array,
    private readonly titles: Titles,
    /**
     * Bit 0: in force; bit 1: every Han bigram token is in the title; bit 2: so is every Han character token;
     * bit 3: the record has an English title; bit 4: its number is in the older Shanghai spelling (DGJ08).
     */
    private readonly flags: Uint8Array,
    private readonly post: Postings,
    /** Each record's number (title-index-numbers.ts); undefined when the rows came without one. */
    readonly numbers?: NumberKeys,
    /** An index of the same records whose bitmaps this one shares (restamped). */
    same?: TitleIndex,
    /** The bitmaps of the dense lists, made already (the partial-ranking thread's copy: forPartials). */
    dense?: [number, Uint32Array][],
  ) {
    if (dense) {
      for (const [slot, bits] of dense) this.dense.set(slot, bits);
      return;
    }
    if (same) {
      this.englishTitles = same.englishTitles;
      this.overlay = same.overlay;
      for (const [slot, bits] of same.dense) this.dense.set(slot, bits);
      return;
    }
    const n = ids.length;
    const { offsets, postings } = post;
    for (let o = 0; o < n; o++) this.englishTitles += (flags[o]! >>> 3) & 1;
    // Small catalogues (tests) keep lists only: a bitmap there saves nothing.
    if (n < 4096) return;
    for (let i = 0; i + 1 < offsets.length; i++) {
      if ((offsets[i + 1]! - offsets[i]!) * DENSE_SHARE < n) continue;
      // Shared, as the lists are: the partial-ranking thread reads them too (ADR 0126).
      const bits = sharedUint32((n + 31) >>> 5);
      for (let p = offsets[i]!; p < offsets[i + 1]!; p++) bits[postings[p]! >>> 5]! |= 1 << (postings[p]! & 31);
      this.dense.set(i, bits);
    }
  }

  get size() {
    return this.ids.length;
  }

  /** What a snapshot of the index stores (title-index-snapshot.ts); `fromParts` takes it back. */
  parts(): TitleIndexParts {
    const { version, ids, titles, flags, post } = this;
    return { version, ids, titles, flags, post, numbers: this.numbers?.parts() };
  }

  /**
   * These records as of a later catalogue version that changed none of them (search/index-changes.ts, decisions/0117):
   * every array and bitmap shared, nothing copied. The ranked tops are not carried over: the versions between may have
   * changed the synonyms, which rank them.
   */
  restamped(version: number): TitleIndex {
    return new TitleIndex(version, this.ids, this.titles, this.flags, this.post, this.numbers, this);
  }

  /**
   * These records as of a later catalogue version that changed the records of `changed` (sorted ids, from the change
   * log: search/index-changes.ts): every array shared, those records left out of every ranking; `fresh` holds them as
   * stored now, and the caller ranks both and merges them (search.ts rankOverlaid, decisions/0118). `changed` lists
   * every change since the index was built, so an overlaid index is overlaid anew, not on top of its overlay.
   */
  overlaid(version: number, changed: Int32Array, fresh: TitleIndex): TitleIndex {
    const index = new TitleIndex(version, this.ids, this.titles, this.flags, this.post, this.numbers, this);
    if (!changed.length) {
      index.overlay = undefined;
      return index;
    }
    // The ordinals of the changed ids, found with a bitmap by id: one pass over the records, no Set of them.
    const byId = new Uint32Array((changed[changed.length - 1]! >>> 5) + 1);
    for (const id of changed) byId[id >>> 5]! |= 1 << (id & 31);
    const gone = new Uint32Array((this.ids.length + 31) >>> 5);
    const ords: number[] = [];
    const ids = this.ids;
    for (let o = 0; o < ids.length; o++) {
      const id = ids[o]!;
      if (id >>> 5 < byId.length && (byId[id >>> 5]! & (1 << (id & 31))) !== 0) {
        gone[o >>> 5]! |= 1 << (o & 31);
        ords.push(o);
      }
    }
    index.overlay = { since: this.since, changed, gone, goneOrds: Int32Array.from(ords), fresh };
    return index;
  }

  /** The catalogue version whose records the arrays hold: the version built, for an overlaid index an earlier one. */
  get since(): number {
    return this.overlay?.since ?? this.version;
  }

  /** The records changed since the arrays were built (sorted ids), left out of its rankings; undefined: none. */
  get changed(): Int32Array | undefined {
    return this.overlay?.changed;
  }

  /** The records it ranks: those it holds but the changed ones, and those as stored now (overlaid). */
  get records(): number {
    const o = this.overlay;
    return o ? this.ids.length - o.goneOrds.length + o.fresh.size : this.ids.length;
  }

  /** Those records as stored now, in an index of their own (overlaid): the caller ranks them beside this one. */
  get fresh(): TitleIndex | undefined {
    return this.overlay?.fresh;
  }

  /** `cands` (a few, in any order) without the records left out (overlaid): in place in scratch buffer 2, else copied. */
  private present(cands: Int32Array): Int32Array {
    const gone = this.overlay?.gone;
    if (!gone) return cands;
    const out = cands.buffer === this.bufs[2]!.buffer ? cands : this.buf(2, cands.length);
    let n = 0;
    for (let i = 0; i < cands.length; i++) {
      const o = cands[i]!;
      if ((gone[o >>> 5]! & (1 << (o & 31))) === 0) out[n++] = o;
    }
    return out.subarray(0, n);
  }

  /** The lists' array, which an index shares with the indexes restamped or overlaid from it: the same lists. */
  get lists(): Int32Array {
    return this.post.postings;
  }

  /** What the partial-ranking thread needs of this index (ADR 0126): shared memory only, nothing copied. */
  partialParts(): PartialParts {
    const { version, ids, flags, post } = this;
    return { version, ids, flags, post, dense: [...this.dense] };
  }

  /** The index the partial-ranking thread ranks with: lists, bitmaps, ids and flags, no titles or numbers. */
  static forPartials(p: PartialParts): TitleIndex {
    const titles = { text: '', starts: EMPTY, lengths: new Uint16Array(0), first: new Uint16Array(0) };
    return new TitleIndex(p.version, p.ids, titles, p.flags, p.post, undefined, undefined, p.dense);
  }

  static fromParts(p: TitleIndexParts): TitleIndex {
    return new TitleIndex(p.version, p.ids, p.titles, p.flags, p.post, p.numbers && NumberKeys.fromParts(p.numbers));
  }

  /**
   * The tokens with a bitmap (lists holding at least 1/DENSE_SHARE of the records), longest list first, at most
   * `max`: the ones a search typed alone costs most to rank (search.ts warmTitleIndex).
   */
  denseTokens(max: number): string[] {
    const { keys, offsets, overflow } = this.post;
    const len = (s: number) => offsets[s + 1]! - offsets[s]!;
    const slots = [...this.dense.keys()].sort((a, b) => len(b) - len(a)).slice(0, max);
    const byKey = new Map([...overflow].map(([t, k]) => [k, t]));
    return slots.map((s) => {
      const k = keys[s]!;
      if (k >= OVERFLOW_BASE && byKey.has(k)) return byKey.get(k)!;
      return k < OVERFLOW_BASE ? String.fromCharCode(k) : String.fromCharCode(Math.floor(k / 65536), k % 65536);
    });
  }

  /** Keeps a token's first records, once ranked typed alone (rankFull), for the index's life; false if none. */
  keepTop(variant: string): boolean {
    const top = this.tops.get(variant);
    if (!top) return this.warmed.has(variant);
    this.warmed.set(variant, top);
    this.tops.delete(variant);
    this.topsHeld -= top.length;
    return true;
  }

  /** A token's ranked first records, in place of those kept before: for life when warmed, else until evicted. */
  private keepRanked(variant: string, top: Int32Array) {
    if (this.warmed.has(variant)) {
      this.warmed.set(variant, top);
      return;
    }
    const before = this.tops.get(variant);
    if (before) this.topsHeld -= before.length;
    this.tops.delete(variant);
    for (const [v, t] of this.tops) {
      if (this.topsHeld + top.length <= this.topsBudget) break;
      this.tops.delete(v);
      this.topsHeld -= t.length;
    }
    this.tops.set(variant, top);
    this.topsHeld += top.length;
  }

  /** Bytes held by the index's arrays and titles (metrics, bench). */
  get bytes() {
    const t = this.titles;
    const p = this.post;
    let b = this.ids.byteLength + t.starts.byteLength + t.lengths.byteLength + t.first.byteLength + this.flags.byteLength;
    b += p.keys.byteLength + p.offsets.byteLength + p.postings.byteLength;
    for (const bits of this.dense.values()) b += bits.byteLength;
    for (const top of [...this.tops.values(), ...this.warmed.values()]) b += top.byteLength;
    for (const o of [this.state, this.marks, this.typed, this.found, ...this.bufs]) b += o?.byteLength ?? 0;
    const o = this.overlay;
    if (o) b += o.gone.byteLength + o.goneOrds.byteLength + o.changed.byteLength + o.fresh.bytes;
    return b + t.text.length * 2 + (this.numbers?.bytes ?? 0);
  }

  /** The list number of a token, or -1. */
  private slot(token: string): number {
    const key = bmpKey(token) ?? this.post.overflow.get(token);
    if (key === undefined) return -1;
    const keys = this.post.keys;
    let lo = 0;
    let hi = keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (keys[mid]! < key) lo = mid + 1;
      else hi = mid;
    }
    return lo < keys.length && keys[lo] === key ? lo : -1;
  }

  private list(token: string): List {
    const s = this.slot(token);
    if (s < 0) return NO_LIST;
    const { offsets, postings } = this.post;
    return { ords: postings.subarray(offsets[s]!, offsets[s + 1]!), bits: this.dense.get(s) };
  }

  /** Records holding every token (SQL `search_tokens @>`): the tokens' lists intersected. */
  /** Valid until the next call (it lives in the scratch buffers). */
  private holding(tokens: string[]): Int32Array {
    return intersect(
      tokens.map((t) => this.list(t)),
      (i, need) => this.buf(i, need),
    );
  }

  /**
   * Scratch buffer `i` with room for `need` entries, grown by doubling up to the record count and kept. Sized for
   * what queries have needed rather than for every record (three buffers of 20 MB at 5,000,000 records, where most
   * intersections hold a few thousand), and never allocated per query: allocating and freeing large arrays per
   * request left the allocator holding hundreds of MB.
   */
  private buf(i: number, need: number): Int32Array {
    let b = this.bufs[i]!;
    if (b.length < need) this.bufs[i] = b = new Int32Array(Math.min(this.ids.length, Math.max(need, b.length * 2, 1024)));
    return b;
  }

  /** Whether the title of `o` contains `v`, read in place (no substring per record). */
  private contains(o: number, v: string): boolean {
    const { text, starts } = this.titles;
    const last = starts[o + 1]! - v.length;
    const c0 = v.charCodeAt(0);
    for (let i = starts[o]!; i <= last; i++) if (text.charCodeAt(i) === c0 && text.startsWith(v, i)) return true;
    return false;
  }

  /**
   * Records holding every token of one of the variants' token sets, ranked as buildSearch ranks a
   * keyword without number keys: title equal 300, leading 200, containing 100, else 0; +40 in force;
   * + 30 × the keyword's share of the title; ties newest implement date, then highest id. With
   * `typedFirst` (search-sql.ts BuiltSearch), + TYPED_WORDS for records holding every token of tokenSets[0].
   * Undefined for a keyword without Han when a record it finds has an English title: SQL ranks English titles
   * containing such a keyword 80, and the index holds no English titles (decisions/0108).
   */
  rankFull(variants: string[], tokenSets: string[][], offset: number, size: number, typedFirst?: boolean): Ranked | undefined;
  /**
   * With a number part (search-sql.ts BuiltSearch numberFilter): only records whose number matches it,
   * ties in number order. Undefined when the filter needs more of a number than is held (rank in SQL).
   */
  rankFull(
    variants: string[],
    tokenSets: string[][],
    offset: number,
    size: number,
    typedFirst: boolean,
    number: NumberPart,
  ): Ranked | undefined;
  rankFull(
    variants: string[],
    tokenSets: string[][],
    offset: number,
    size: number,
    typedFirst = false,
    number?: NumberPart,
  ): Ranked | undefined {
    if (number && !this.numbers) return undefined;
    const fromNumber = number && this.byNumber(tokenSets, number, typedFirst);
    if (fromNumber === null) return undefined;
    const holdings = fromNumber || tokenSets.length === 1 ? undefined : tokenSets.map((ts) => this.holding(ts).slice());
    let cands = fromNumber ? fromNumber.cands : holdings ? union(holdings) : this.holding(tokenSets[0]!);
    if (number && !fromNumber) {
      const test = this.numbers!.matcher(number);
      const kept = this.buf(2, cands.length);
      let n = 0;
      for (let i = 0; i < cands.length; i++) {
        const v = test(cands[i]!);
        if (v === YES) kept[n++] = cands[i]!;
        else if (v === UNKNOWN) return undefined;
      }
      cands = kept.subarray(0, n);
    }
    // Records left out (overlaid) are skipped as the candidates are ranked and taken off the total: filtering them out
    // first copied every candidate (2,000,000 for 规 at 5,000,000 records) on each search.
    const gone = this.overlay?.gone;
    let goneIn = 0;
    if (gone && fromNumber) cands = this.present(cands);
    else if (gone) goneIn = countIn(cands, this.overlay!.goneOrds);
    const skip = goneIn ? (o: number) => (gone![o >>> 5]! & (1 << (o & 31))) !== 0 : undefined;
    if (this.englishTitles && !variants.some((v) => HAN_IN.test(v))) {
      for (let i = 0; i < cands.length; i++) if (this.flags[cands[i]!]! & 8) return undefined;
    }
    const typedOnes = fromNumber ? fromNumber.typed : typedFirst && holdings ? holdings[0]! : EMPTY;
    const typed = (this.typed ??= new Uint8Array(this.ids.length));
    for (const o of typedOnes) typed[o] = 1;
    const k = codePoints(variants[0]!);
    const { text, starts, lengths, first } = this.titles;
    const flags = this.flags;
    // A one-bigram keyword (规范) is in the title of every record holding it whose bigrams all come
    // from the title: only records whose title starts with its first character need reading.
    const [v0] = variants;
    const alone = variants.length === 1 && tokenSets.length === 1 && tokenSets[0]!.length === 1;
    const held = alone && tokenSets[0]![0] === v0 && isHanToken(v0!);
    // Which flag says a held token is in the title: bit 1 for a bigram, bit 2 for a character.
    const heldBit = held && isHanChar(v0!) ? 4 : 2;
    const firstUnits = variants.map((v) => v.charCodeAt(0));
    const cls = (o: number, v: string) => {
      const at = starts[o]!;
      const end = starts[o + 1]!;
      // Bounded by the title's end: the titles are stored end to end in one string.
      if (first[o] === v.charCodeAt(0) && at + v.length <= end && text.startsWith(v, at))
        return end - at === v.length ? 300 : 200;
      if (held && (flags[o]! & heldBit) !== 0) return 100;
      return this.contains(o, v) ? 100 : 0;
    };
    const rest = (o: number) => {
      const len = lengths[o]!;
      return typed[o]! * TYPED_WORDS + (flags[o]! & 1) * IN_FORCE + (30 * Math.min(k, len)) / Math.max(len, 1);
    };
    const score = (o: number) => {
      let c = 0;
      for (const v of variants) c = Math.max(c, cls(o, v));
      return c + rest(o);
    };
    // Above any score's title class: 300 only when the title starts with a variant's first unit, else 100.
    const bound = (o: number) => (firstUnits.includes(first[o]!) ? 300 : 100) + rest(o);
    const end = offset + size;
    if (alone && !number && !typedOnes.length && cands.length >= TOP_MIN && end <= TOP_DEEPEST) {
      // One common token typed alone (规, 规范, T, /T): its ranking depends on nothing else, so its first records are
      // kept once ranked, and its next pages are read from them; a page past them ranks twice as deep.
      let top = this.warmed.get(v0!) ?? this.tops.get(v0!);
      if (!top || (top.length < end && top.length < cands.length - goneIn)) {
        const depth = Math.min(TOP_DEEPEST, Math.max(end, top ? 2 * top.length : TOP_KEPT));
        top = Int32Array.from(best(cands, score, bound, depth, undefined, skip));
        this.keepRanked(v0!, top);
      }
      return { ids: this.page(Array.from(top.subarray(0, end)), offset), total: cands.length - goneIn };
    }
    // No record whose title starts elsewhere scores above 100 + every bonus: once the page's last scores more, such
    // records are passed over on one read (a short number fragment with a common word ranks 1,000,000+ candidates).
    const elsewhere = 100 + (typedOnes.length ? TYPED_WORDS : 0) + IN_FORCE + 30;
    const quick = (o: number) => (firstUnits.includes(first[o]!) ? Infinity : elsewhere);
    const ids = this.page(best(cands, score, bound, end, number && this.numbers!.rank, skip, quick), offset);
    for (const o of typedOnes) typed[o] = 0;
    return { ids, total: cands.length - goneIn };
  }

  /**
   * The candidates of a words-and-number query found from the number side (ADR 0098): the records whose
   * number the part can match (title-index-numbers.ts spans, a few binary searches), each tested for the
   * words' tokens (a bitmap read, or a binary search). Taken when they are fewer than the records of the
   * words' shortest lists, so a common word (规范: 100,000+ records) with a selective number costs the
   * number's matches only. Same candidates, total and typed marks as the words' side; null when one of
   * them needs more of its number than is held (rank in SQL), undefined when the words' side drives.
   */
  private byNumber(
    tokenSets: string[][],
    number: NumberPart,
    typedFirst: boolean,
  ): { cands: Int32Array; typed: number[] } | null | undefined {
    if (this.drive === 'words' || tokenSets.some((ts) => !ts.length)) return undefined;
    // Each set's lists, shortest first (a record fails fastest on the rarest token).
    const sets = tokenSets.map((ts) => ts.map((t) => this.list(t)).sort((a, b) => a.ords.length - b.ords.length));
    const numbers = this.numbers!;
    const { spans, size } = numbers.spans(number);
    const words = sets.reduce((sum, ls) => sum + ls[0]!.ords.length, 0);
    if (this.drive === 'size' && size >= words) return undefined;
    this.numberDriven++;
    const byNumber = numbers.byNumber;
    let test: ((o: number) => number) | undefined;
    const kept = this.buf(2, size);
    const typed: number[] = [];
    const markTyped = typedFirst && sets.length > 1;
    /** The first set `o` holds (set 0 first: a record holding it is typed), or -1. */
    const heldSet = (o: number) => {
      for (let i = 0; i < sets.length; i++) {
        const ls = sets[i]!;
        let all = true;
        for (let l = 0; l < ls.length && all; l++) all = has(ls[l]!, o);
        if (all) return i;
      }
      return -1;
    };
    const noUnknown = !spans.some((v, i) => i % 3 === 2 && v === UNKNOWN);
    // One set whose rarest token has no bitmap (动 + 数 with YY/T 1: 75,000 records of the number side, 115,000 of
    // the word's list at 5,000,000 records): its list is walked against the spans' records, 5.5 → under 1 ms.
    const driver = sets.length === 1 && !sets[0]![0]!.bits ? sets[0]![0]! : undefined;
    if (noUnknown && driver && driver.ords.length <= size * LIST_WALK_SHARE) {
      this.listWalked++;
      const rest = sets[0]!.slice(1);
      const n = this.inListOrder(spans, byNumber, kept, driver.ords, (o, ask) => {
        for (const l of rest) if (!has(l, o)) return NO;
        return ask ? (test ??= numbers.matcher(number))(o) : YES;
      });
      return n < 0 ? null : { cands: kept.subarray(0, n), typed };
    }
    if (size * ORDINAL_ORDER_SHARE >= this.ids.length && noUnknown) {
      // One set of common tokens (标准): their bitmaps are read a word at a time, and every record left holds the set.
      this.ordinalOrdered++;
      const bitmaps = sets.length === 1 && sets[0]!.every((l) => l.bits) ? sets[0]!.map((l) => l.bits!) : undefined;
      const n = this.inOrdinalOrder(spans, byNumber, kept, bitmaps, (o, ask) => {
        const held = bitmaps ? 0 : heldSet(o);
        if (held < 0) return NO;
        const v = ask ? (test ??= numbers.matcher(number))(o) : YES;
        if (v === YES && markTyped && held === 0) typed.push(o);
        return v;
      });
      return n < 0 ? null : { cands: kept.subarray(0, n), typed };
    }
    let n = 0;
    for (let s = 0; s < spans.length; s += 3) {
      const verdict = spans[s + 2]!;
      for (let p = spans[s]!, end = spans[s + 1]!; p < end; p++) {
        const o = byNumber[p]!;
        const held = heldSet(o);
        if (held < 0) continue;
        const v = verdict === ASK ? (test ??= numbers.matcher(number))(o) : verdict;
        if (v === UNKNOWN) return null;
        if (v !== YES) continue;
        kept[n++] = o;
        if (markTyped && held === 0) typed.push(o);
      }
    }
    return { cands: kept.subarray(0, n), typed };
  }

  /**
   * The records of number spans (YES or ASK triples) in ordinal order: each is passed to `verdict` (with whether its
   * span asks) and those it answers YES for are kept in `kept`, ascending. A short number fragment with a common word
   * (`标准 1`: 1,200,000 records at 5,000,000) read in number order touched the word bitmaps and then, in best(), the
   * per-record arrays at random, 55 ms; marked in a bitmap first, every array is read front to back. Answers how many
   * were kept, or -1 as soon as a verdict is UNKNOWN. The bitmaps are left clear for the next search.
   */
  private inOrdinalOrder(
    spans: number[],
    byNumber: Int32Array,
    kept: Int32Array,
    /** Bitmaps every record passed to `verdict` must be in. */
    within: Uint32Array[] | undefined,
    verdict: (o: number, ask: boolean) => number,
  ): number {
    const words = (this.ids.length + 31) >>> 5;
    const { inSpan, asked } = this.markSpans(spans, byNumber);
    let n = 0;
    for (let w = 0; w < words; w++) {
      let x = inSpan[w]!;
      if (!x) continue;
      const a = asked[w]!;
      inSpan[w] = 0;
      asked[w] = 0;
      if (within) for (const b of within) x &= b[w]!;
      for (; x; x &= x - 1) {
        const bit = 31 - Math.clz32(x & -x);
        const o = (w << 5) | bit;
        const v = verdict(o, (a & (1 << bit)) !== 0);
        if (v === YES) kept[n++] = o;
        else if (v === UNKNOWN) {
          inSpan.fill(0, w);
          asked.fill(0, w);
          return -1;
        }
      }
    }
    return n;
  }

  /** The records of number spans (YES or ASK triples) as bits, and those of the spans that ask; cleared by the caller. */
  private markSpans(spans: number[], byNumber: Int32Array): { inSpan: Uint32Array; asked: Uint32Array } {
    const words = (this.ids.length + 31) >>> 5;
    const inSpan = (this.spanBits ??= new Uint32Array(words));
    const asked = (this.askBits ??= new Uint32Array(words));
    for (let s = 0; s < spans.length; s += 3) {
      const ask = spans[s + 2] === ASK;
      for (let p = spans[s]!, end = spans[s + 1]!; p < end; p++) {
        const o = byNumber[p]!;
        inSpan[o >>> 5]! |= 1 << (o & 31);
        if (ask) asked[o >>> 5]! |= 1 << (o & 31);
      }
    }
    return { inSpan, asked };
  }

  /**
   * inOrdinalOrder along a word list (`driver`, ascending ordinals): the spans' records are marked, then the list is
   * walked and each of its records in a span is passed to `verdict`. Costs the spans and the list, not a binary search
   * per span record in each list, nor a read of every bitmap word. The same answer: ordinals ascending, -1 as soon as
   * a verdict is UNKNOWN. The bitmaps are left clear for the next search.
   */
  private inListOrder(
    spans: number[],
    byNumber: Int32Array,
    kept: Int32Array,
    driver: Int32Array,
    verdict: (o: number, ask: boolean) => number,
  ): number {
    const { inSpan, asked } = this.markSpans(spans, byNumber);
    let n = 0;
    for (let i = 0; i < driver.length; i++) {
      const o = driver[i]!;
      const bit = 1 << (o & 31);
      if (!(inSpan[o >>> 5]! & bit)) continue;
      const v = verdict(o, (asked[o >>> 5]! & bit) !== 0);
      if (v === YES) kept[n++] = o;
      else if (v === UNKNOWN) {
        n = -1;
        break;
      }
    }
    // Clear what the spans marked: their records' words (fewer than all the bitmap's words at any size it is taken).
    for (let s = 0; s < spans.length; s += 3)
      for (let p = spans[s]!, end = spans[s + 1]!; p < end; p++) {
        const w = byNumber[p]! >>> 5;
        inSpan[w] = 0;
        asked[w] = 0;
      }
    return n;
  }

  /**
   * buildPartial in memory: records holding every token of one of a set's subsets (the caller passes
   * search-sql.ts subsets) but not all of any set; at most `cap` of them, the best ones, ranked by
   * tokens held, in force, then the tie order.
   *
   * The work stops as soon as the answer is settled, not after every list of every token. Records are
   * found by walking a few lists in windows of ordinals, so each class fills in the tie order. A record
   * met is read in every list at once: one read of its marks (a bit per sparse list, marked for the
   * window being read) and a bitmap read per common token. One pass over the windows (ADR 0124), each window
   * read once, for what the answer still needs:
   * 1. The subsets (each subset's shortest list, or their bitmaps together), while fewer than `cap` candidates are
   *    counted: every candidate of the window is found and ranked.
   * 2. Then the records of the classes above the page's lowest one, which must all be found: holding at least h
   *    tokens of a set, so in one of the set's |set| − h + 1 shortest lists (a level, ADR 0097), while the
   *    combinations stay few; else the subsets go on.
   * 3. Nothing more once `cap` are counted and the page's lowest class is the best one: the rest of that class comes
   *    later in the tie order and ranks below the page.
   */
  rankPartial(sets: { tokens: string[]; subsets: string[][] }[], cap: number, offset: number, size: number): Ranked {
    const n = this.ids.length;
    const want = Math.min(offset + size, cap);
    // Distinct tokens and their lists; each set's tokens as indexes into them.
    const tokens: string[] = [];
    const lists: List[] = [];
    const at = (t: string) => {
      let i = tokens.indexOf(t);
      if (i < 0) {
        i = tokens.push(t) - 1;
        lists.push(this.list(t));
      }
      return i;
    };
    const setIdx = sets.map((s) => s.tokens.map(at));
    // Per set, its subsets as token indexes (a record qualifies holding one of them).
    const subIdx = sets.map((s) => s.subsets.map((sub) => sub.map(at)));
    const nt = tokens.length;
    const shortestFirst = (a: number, b: number) => lists[a]!.ords.length - lists[b]!.ords.length;
    // Sparse lists (the first MARKED_LISTS tokens) get their token's bit in the marks of the window being read
    // (ADR 0112): a record is only probed while its window is read, so the marks cover that window alone, a
    // small array under a stamp per window (marks over every record took 20 MB at 5,000,000 records).
    const marks = (this.marks ??= new Uint32Array(MAX_WINDOW));
    let stamped = 0;
    let markedBits = 0;
    for (let t = 0; t < Math.min(nt, MARKED_LISTS); t++) {
      const l = lists[t]!;
      if (!l.bits && l.ords.length > 64) markedBits |= 1 << t;
    }
    // Per marked list, where the window being read starts in it; `winLo`: that window's first ordinal.
    const cursor = new Int32Array(nt);
    let winLo = 0;
    const markWindow = (lo: number, hi: number) => {
      winLo = lo;
      this.stamp = (this.stamp + 1) & 0xffff;
      if (this.stamp === 0) {
        marks.fill(0);
        this.stamp = 1;
      }
      stamped = this.stamp << 16;
      for (let t = 0; t < Math.min(nt, MARKED_LISTS); t++) {
        if (!(markedBits & (1 << t))) continue;
        const ords = lists[t]!.ords;
        const bit = 1 << t;
        let p = cursor[t]!;
        for (; p < ords.length && ords[p]! < hi; p++) {
          const at = ords[p]! - lo;
          const v = marks[at]!;
          marks[at] = ((v & 0xffff0000) === stamped ? v : stamped) | bit;
        }
        cursor[t] = p;
      }
    };
    /** The tokens read one by one: dense lists through their bitmaps first, then short ones by binary search. */
    const probed = Int32Array.from(tokens.keys())
      .filter((t) => !(markedBits & (1 << t)))
      .sort((a, b) => Number(!lists[a]!.bits) - Number(!lists[b]!.bits));
    const probedBits = Array.from(probed, (t) => lists[t]!.bits ?? EMPTY_BITS);
    const dense = Uint8Array.from(probed, (t) => (lists[t]!.bits ? 1 : 0));
    // Up to 31 distinct tokens (every keyword short of a pasted paragraph): sets and subsets as bit masks;
    // beyond that, one byte per token.
    const masks = nt <= 31;
    const held = new Uint8Array(nt);
    const setMasks = Int32Array.from(setIdx, (idx) => (masks ? idx.reduce((m, t) => m | (1 << t), 0) : 0));
    const subMasks = Int32Array.from(subIdx.flat(), (idx) => (masks ? idx.reduce((m, t) => m | (1 << t), 0) : 0));
    /**
     * The tokens o holds as a bit mask, or -1 as soon as it cannot hold `least` of them (most records a
     * walk meets hold only the list walked) or holds one of `skip`. Beyond 31 tokens: 0, and one byte per
     * token in `held`.
     */
    const probe = (o: number, least: number, skip = 0): number => {
      const v = marks[o - winLo]!;
      let mask = (v & 0xffff0000) === stamped ? v & markedBits : 0;
      if (mask & skip) return -1;
      if (!masks) {
        for (let t = 0; t < nt; t++) held[t] = t < MARKED_LISTS && markedBits & (1 << t) ? (mask >>> t) & 1 : +has(lists[t]!, o);
        return 0;
      }
      let c = bitCount(mask);
      let left = probed.length;
      if (c + left < least) return -1;
      for (let i = 0; i < probed.length; i++) {
        const t = probed[i]!;
        const b = probedBits[i]!;
        if (dense[i] ? (b[o >>> 5]! & (1 << (o & 31))) !== 0 : has(lists[t]!, o)) {
          mask |= 1 << t;
          c++;
        }
        if (c + --left < least) return -1;
      }
      return mask & skip ? -1 : mask;
    };
    /** Tokens of set i held by the last record probed. */
    const heldOf = (i: number, mask: number) => {
      if (masks) return bitCount(mask & setMasks[i]!);
      let c = 0;
      for (const t of setIdx[i]!) c += held[t]!;
      return c;
    };
    /** Whether the last record probed holds one of the subsets. */
    const qualifies = (mask: number) => {
      if (masks) {
        for (let i = 0; i < subMasks.length; i++) if ((mask & subMasks[i]!) === subMasks[i]!) return true;
        return false;
      }
      return subIdx.some((subs) => subs.some((sub) => sub.every((t) => held[t] === 1)));
    };
    const maxHeld = Math.max(...sets.map((s) => s.tokens.length - 1));
    const top = maxHeld * 2 + 1;
    // Per class (tokens held × 2 + in force): how many records it has, and the first `want` of them (no
    // more can reach the page).
    const filled = new Int32Array(top + 1);
    const firsts = new Int32Array((top + 1) * want);
    // Records left out (overlaid) are met as if found already: never probed, counted or ranked.
    const goneOrds = this.overlay?.goneOrds ?? EMPTY;
    const gone = goneOrds.length ? (this.state ??= new Uint8Array(n)) : undefined;
    if (gone) for (const o of goneOrds) gone[o] = 1;
    const found = (this.found ??= new Int32Array(Math.min(n, MAX_WINDOW)));
    let count = 0;
    const flags = this.flags;
    /** The most tokens of one set the last record probed holds; -1 when it holds no subset, or a whole set. */
    const mostOf = (mask: number) => {
      if (!qualifies(mask)) return -1;
      let most = 0;
      for (let i = 0; i < setIdx.length; i++) {
        const c = heldOf(i, mask);
        if (c === setIdx[i]!.length) return -1;
        if (c > most) most = c;
      }
      return most;
    };
    // mostOf per mask, as met (-2: not yet): the records a walk meets hold few distinct masks, and testing every
    // subset (20 for six tokens) for each record was a tenth of the ranking.
    const memo = masks && nt <= MEMO_TOKENS ? (this.memo ??= new Int8Array(1 << MEMO_TOKENS)).fill(-2, 0, 1 << nt) : undefined;
    const most = memo
      ? (mask: number) => {
          const m = memo[mask]!;
          return m === -2 ? (memo[mask] = mostOf(mask)) : m;
        }
      : mostOf;
    /** Counts and files the last record probed when it qualifies and holds no whole set. */
    const rank = (o: number, mask: number) => {
      const m = most(mask);
      if (m < 0) return;
      count++;
      const cls = m * 2 + (flags[o]! & 1);
      const c = filled[cls]!;
      if (c < want) firsts[cls * want + c] = o;
      filled[cls] = c + 1;
    };
    /**
     * How a walk finds the records holding `least` of a set's `rest` tokens when its listed `drivers` are left
     * out: by the bitmaps, `least` of them at a time, when every one has a bitmap and that costs at most
     * MAX_GROUP_READS reads per 32 records (ADR 0121); else undefined, and the caller walks their lists too.
     */
    const groupsFor = (rest: number[], h: number): number[][] | undefined => {
      if (!masks || !this.bitmapGroups || rest.length < h || !rest.every((t) => lists[t]!.bits)) return undefined;
      return binomial(rest.length, h) * h <= MAX_GROUP_READS ? combinations(rest, h) : undefined;
    };
    /** A walk as read per window: its driver lists, bitmap groups, and the records it takes. */
    const walkOf = ({ drivers, groups }: Drivers, least: number, accept: (mask: number) => boolean): Walk => {
      const gs = drivers.filter((t) => lists[t]!.ords.length);
      return {
        drivers: gs,
        // A record an earlier driver holds is taken from there.
        skips: Int32Array.from(gs, (_, j) => gs.slice(0, j).reduce((m, t) => m | (1 << t), 0)),
        byDrivers: gs.reduce((m, t) => m | (1 << t), 0),
        groups: groups.map((g) => g.map((t) => lists[t]!.bits!)),
        least,
        accept,
      };
    };
    // The subsets: a record holding one is in that subset's shortest list, or, every token with a bitmap, in their
    // bitmaps together. This walk finds every candidate of the windows it reads.
    const subDrivers = new Set<number>();
    const subGroups: number[][] = [];
    let reads = 0;
    for (const sub of subIdx.flat()) {
      if (masks && this.bitmapGroups && sub.every((t) => lists[t]!.bits) && (reads += sub.length) <= MAX_GROUP_READS)
        subGroups.push(sub);
      else subDrivers.add([...sub].sort(shortestFirst)[0]!);
    }
    const subsetWalk = walkOf(
      { drivers: [...subDrivers], groups: subGroups },
      Math.min(...subIdx.flat().map((sub) => sub.length)),
      (mask) => most(mask) >= 0,
    );
    // Levels: the records holding at least h tokens of a set (h above the subsets' size), while the combinations
    // stay few. A record holding h of a set's tokens lacks at most |set| − h: it is in one of the set's |set| − h + 1
    // shortest lists. Of those lists, the bitmaps' records are read through the bitmaps of the set's tokens not walked.
    const k = Math.min(...sets.map((s) => s.subsets[0]?.length ?? s.tokens.length));
    let lowest = maxHeld + 1;
    for (let h = maxHeld; h > k; h--) {
      let combos = 0;
      for (const s of sets) if (s.tokens.length - 1 >= h) combos += binomial(s.tokens.length, h);
      if (combos > MAX_LEVEL_COMBOS) break;
      lowest = h;
    }
    const levels: (Walk | undefined)[] = [];
    const levelWalk = (h: number): Walk => {
      const drivers = new Set<number>();
      const groups: number[][] = [];
      for (const idx of setIdx) {
        if (idx.length - 1 < h) continue;
        const shortest = [...idx].sort(shortestFirst).slice(0, idx.length - h + 1);
        const listed = shortest.filter((t) => !lists[t]!.bits);
        const byBits =
          listed.length < shortest.length
            ? groupsFor(
                idx.filter((t) => !listed.includes(t)),
                h,
              )
            : undefined;
        for (const t of byBits ? listed : shortest) drivers.add(t);
        if (byBits) groups.push(...byBits);
      }
      const holdsLevel = (mask: number) => {
        for (let i = 0; i < setIdx.length; i++) if (setIdx[i]!.length > h && heldOf(i, mask) >= h) return true;
        return false;
      };
      return walkOf({ drivers: [...drivers], groups }, h, holdsLevel);
    };
    /**
     * What the next window must be read for: the subsets while fewer than `cap` candidates are counted; then the
     * records of the classes above the page's lowest one, which must all be found (the page's lowest class is a
     * prefix in the tie order, every class receiving records in ascending ordinal); nothing once those are settled.
     * The page's lowest class only rises as records are found, so a class left below it never returns to the page.
     */
    const next = (): Walk | undefined => {
      if (count < cap) return subsetWalk;
      if (want === 0) return undefined;
      let c = top;
      for (let acc = filled[c]!; acc < want && c > 0;) acc += filled[--c]!;
      // The classes above c: records holding at least h tokens.
      const h = (c >> 1) + (c & 1);
      if (h > maxHeld) return undefined;
      if (h < lowest) return subsetWalk;
      return (levels[h] ??= levelWalk(h));
    };
    // Where each list was last read as a driver (its first ordinal at or past the end of that window).
    const pos = new Int32Array(nt);
    let grouped = false;
    for (let lo = 0, w = FIRST_WINDOW; lo < n; lo += w, w = Math.min(w * 2, MAX_WINDOW)) {
      const walk = next();
      // A walk with nothing to read (every list it would walk is empty) has nothing more to find.
      if (!walk || !(walk.drivers.length || walk.groups.length)) break;
      const hi = Math.min(lo + w, n);
      markWindow(lo, hi);
      const { drivers, skips, byDrivers, groups, least, accept } = walk;
      let f = 0;
      for (let j = 0; j < drivers.length; j++) {
        const t = drivers[j]!;
        const d = lists[t]!.ords;
        const earlier = masks ? skips[j]! : 0;
        let p = pos[t]!;
        // A list not read in the last window starts further on.
        if (p < d.length && d[p]! < lo) p = lowerBound(d, lo, p);
        for (; p < d.length && d[p]! < hi; p++) {
          const o = d[p]!;
          if (gone?.[o]) continue;
          const mask = probe(o, least, earlier);
          if (mask < 0 || (!masks && drivers.slice(0, j).some((e) => held[e] === 1))) continue;
          if (accept(mask)) found[f++] = o;
        }
        pos[t] = p;
      }
      if (groups.length) {
        grouped = true;
        eachInGroups(groups, lo, hi, (o) => {
          if (gone?.[o]) return;
          const mask = probe(o, least, byDrivers);
          if (mask >= 0 && accept(mask)) found[f++] = o;
        });
      }
      const win = found.subarray(0, f);
      if (drivers.length + (groups.length ? 1 : 0) > 1) win.sort();
      for (let i = 0; i < f; i++) rank(win[i]!, probe(win[i]!, 0));
    }
    if (grouped) this.groupWalks++;
    if (gone) for (const o of goneOrds) gone[o] = 0;
    const ranked: number[] = [];
    for (let c = top; c >= 0 && ranked.length < want; c--)
      for (let i = 0; i < Math.min(filled[c]!, want) && ranked.length < want; i++) ranked.push(firsts[c * want + i]!);
    return { ids: this.page(ranked, offset), total: Math.min(count, cap) };
  }

  /**
   * A number listing's prefix matches (NumberKeys.listing) but the records of `skipIds`, the first `want` as
   * record ids in number order, and their count. With a typed Shanghai `spelling`, that spelling's records first
   * (`first` of them). Undefined without numbers or when one is not held whole.
   */
  listNumbers(
    prefix: string,
    skipIds: Set<number>,
    want: number,
    spelling?: 'older' | 'newer',
    /** Of the records `undecidedNumbers` named, those whose number starts with `prefix`. */
    matchedIds?: Set<number>,
  ): (Ranked & { first: number }) | undefined {
    // Overlaid: the numbers of the records left out are not those stored now.
    if (this.overlay) return undefined;
    const { ids, flags } = this;
    const older = spelling === 'older';
    const first = spelling && ((o: number) => ((flags[o]! & 16) !== 0) === older);
    const decide = matchedIds && ((o: number) => matchedIds.has(ids[o]!));
    const l = this.numbers?.listing(prefix, (o) => skipIds.has(ids[o]!), want, first, decide);
    return l && { ids: l.ords.map((o) => ids[o]!), total: l.total, first: l.first };
  }

  /** The ids of the records whose match with a number prefix needs their whole number (NumberKeys.undecided). */
  undecidedNumbers(prefix: string, cap: number): number[] | undefined {
    if (this.overlay) return undefined;
    return this.numbers?.undecided(prefix, cap)?.map((o) => this.ids[o]!);
  }

  private page(ords: number[], offset: number): number[] {
    return ords.slice(offset).map((o) => this.ids[o]!);
  }
}

/** How many of the sorted ordinals `some` are in the sorted `cands`: a binary search each. */
function countIn(cands: Int32Array, some: Int32Array): number {
  let n = 0;
  let lo = 0;
  for (const o of some) {
    lo = lowerBound(cands, o, lo);
    if (lo < cands.length && cands[lo] === o) n++;
  }
  return n;
}

/**
 * The `want` best candidates by score desc, then ordinal asc (the tie order). A full sort when the
 * page reaches deep into the candidates, else one pass keeping the best `want` in a sorted buffer and
 * skipping the candidates whose upper bound cannot pass the last one kept.
 */
function best(
  cands: ArrayLike<number>,
  score: (ord: number) => number,
  bound: (ord: number) => number,
  want: number,
  tie?: Int32Array,
  /** Candidates to pass over (an overlaid index's records left out). */
  skip?: (ord: number) => boolean,
  /** A cheaper, looser upper bound, read before `bound`. */
  quick?: (ord: number) => number,
): number[] {
  const n = cands.length;
  if (want <= 0) return [];
  // Ties: the ordinal (the tie order the index is laid out in), or a rank per ordinal (number order).
  const key = tie ? (o: number) => tie[o]! : (o: number) => o;
  if (want * 16 >= n) {
    const scores = new Float64Array(n);
    const idx = new Int32Array(n);
    let m = 0;
    for (let i = 0; i < n; i++) if (!skip?.(cands[i]!)) scores[(idx[m++] = i)] = score(cands[i]!);
    const sorted = Array.from(idx.subarray(0, m)).sort((a, b) => scores[b]! - scores[a]! || key(cands[a]!) - key(cands[b]!));
    return sorted.slice(0, want).map((i) => cands[i]!);
  }
  // The kept candidates with their scores and tie keys: a number's rank is read once per candidate kept, not on
  // every comparison (a random read into 5,000,000 ranks).
  const keep: number[] = [];
  const scores: number[] = [];
  const keys: number[] = [];
  /** Whether a candidate of score `sc` and tie key `ko` goes before the one kept at `j`. */
  const ahead = (sc: number, ko: number, j: number) => sc > scores[j]! || (sc === scores[j]! && ko < keys[j]!);
  for (let i = 0; i < n; i++) {
    const o = cands[i]!;
    if (skip?.(o)) continue;
    let ko = -1;
    // A candidate whose bound cannot reach the last kept, or only ties it while later in the tie order,
    // does not pass it (candidates come in ascending ordinal, so by ordinal a tie never passes).
    if (keep.length === want) {
      const last = scores[want - 1]!;
      if (quick && quick(o) < last) continue;
      const b = bound(o);
      if (b < last || (b === last && (ko = key(o)) > keys[want - 1]!)) continue;
    }
    const sc = score(o);
    if (ko < 0) ko = key(o);
    if (keep.length === want && !ahead(sc, ko, want - 1)) continue;
    let at = keep.length === want ? want - 1 : keep.length;
    while (at > 0 && ahead(sc, ko, at - 1)) {
      keep[at] = keep[at - 1]!;
      scores[at] = scores[at - 1]!;
      keys[at] = keys[at - 1]!;
      at--;
    }
    keep[at] = o;
    scores[at] = sc;
    keys[at] = ko;
  }
  return keep;
}
