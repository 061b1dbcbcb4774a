import { bmpKey, HAN_UNIT, isBigram, isHanChar, isWordToken, OVERFLOW_BASE, TitleIndex, type Titles } from './title-index.ts';
import { NumberColumns } from './title-index-numbers.ts';
import { sortInTurns, startTurn, turnSpent } from './turns.ts';
import { TitleBlocks } from './title-names.ts';
import { shared, sharedInt32, sharedUint8 } from '../../../lib/shared-arrays.ts';

/** One catalogue row as the index reads it. `date`: implement_date as ISO text or null. */
export interface IndexRow {
  id: number;
  name: string;
  inForce: boolean;
  date: string | null;
  tokens: string;
  /** The standard number (no_key, no_prefix): number fragments are filtered in memory when every row has one. */
  noKey?: string;
  noPrefix?: string;
  /** The record has an English title (a keyword without Han is ranked in SQL when it finds one: ADR 0108). */
  english?: boolean;
  /** Published in the older Shanghai spelling (search-sql.ts OLDER_SPELLING): a number listing's typed spelling. */
  older?: boolean;
}

/** A day as a number that orders like the date (not a day count): year × 372 + month × 31 + day; -1 when none. */
const dayNumber = (d: string | null) =>
  d ? Number(d.slice(0, 4)) * 372 + Number(d.slice(5, 7)) * 31 + Number(d.slice(8, 10)) : -1;

/**
 * Token keys are collected in pages of this many entries. A page is larger than the allocator's largest
 * threshold for mapping memory of its own (32 MB), so each one is returned to the system when freed
 * rather than left in the heap (one growing array copied on each doubling left hundreds of MB behind).
 * 2^24 entries (64 MB): a power of two, so a key's page and place are a shift and a mask.
 */
const PAGE_BITS = 24;
const PAGE = 1 << PAGE_BITS;
const IN_PAGE = PAGE - 1;

/** A growable typed array of numbers (per-row values), without a JavaScript number array per field. */
class Column<T extends Int32Array | Uint8Array> {
  length = 0;
  constructor(
    public data: T,
    private readonly make: (n: number) => T,
  ) {}
  push(v: number) {
    if (this.length === this.data.length) {
      const grown = this.make(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = v;
  }
  /** The values, in an array of exactly their length. */
  done(): T {
    return this.data.slice(0, this.length) as T;
  }
}
const int32s = () => new Column(new Int32Array(1024), (n) => new Int32Array(n));
const bytes = () => new Column(new Uint8Array(1024), (n) => new Uint8Array(n));

/**
 * Collects rows (any order), then builds the index. Per row it keeps the title, a few numbers in typed
 * columns and its token keys in large pages; the build counts the keys, lays the lists out in one arena
 * in tie order and lets all of this go.
 */
export class TitleIndexBuilder {
  private ids = int32s();
  private days = int32s();
  /** Bit 0: in force; bit 1: every Han bigram token is in the title; bit 2: the Han character tokens are the title's; bit 3: an English title; bit 4: the older Shanghai spelling. */
  private flags = bytes();
  private names = new TitleBlocks();
  /** Per row, where its keys start in the pages (rows + 1 entries). */
  private tokenStarts = int32s();
  private pages: Uint32Array[] = [];
  private keyCount = 0;
  /** Tokens outside the BMP (rare): their keys. */
  private overflow = new Map<string, number>();
  /** Reused per row: the Han characters of its tokens and of its title. */
  private readonly tokChars: number[] = [];
  private readonly nameChars: number[] = [];
  private numbers = new NumberColumns();

  constructor() {
    this.tokenStarts.push(0);
  }

  private pushKey(key: number) {
    const i = this.keyCount++;
    if ((i & IN_PAGE) === 0 && i >>> PAGE_BITS === this.pages.length) this.pages.push(new Uint32Array(PAGE));
    this.pages[i >>> PAGE_BITS]![i & IN_PAGE] = key;
  }

  private key(i: number) {
    return this.pages[i >>> PAGE_BITS]![i & IN_PAGE]!;
  }

  private setKey(i: number, v: number) {
    this.pages[i >>> PAGE_BITS]![i & IN_PAGE] = v;
  }

  private overflowKey(t: string) {
    let k = this.overflow.get(t);
    if (k === undefined) this.overflow.set(t, (k = OVERFLOW_BASE + this.overflow.size));
    return k;
  }

  add(r: IndexRow) {
    const { name, tokens: s } = r;
    this.ids.push(r.id);
    this.numbers.add(r);
    this.days.push(dayNumber(r.date));
    this.names.add(name);
    const chars = this.tokChars;
    chars.length = 0;
    let fromName = 1;
    for (let i = 0; i < s.length;) {
      let j = s.indexOf(' ', i);
      if (j < 0) j = s.length;
      const len = j - i;
      let key: number | undefined;
      // Single Han characters have posting lists too: a piece typed across a word boundary (范设计 →
      // 范 + 设计) and a partial match holding one would otherwise be filtered title by title or ranked in SQL.
      if (len === 1 && HAN_UNIT[s.charCodeAt(i)]) {
        key = s.charCodeAt(i);
        if (!chars.includes(key)) chars.push(key);
      } else if (len === 2 && HAN_UNIT[s.charCodeAt(i)] && HAN_UNIT[s.charCodeAt(i + 1)]) {
        key = s.charCodeAt(i) * 65536 + s.charCodeAt(i + 1);
        if (fromName && !hasPair(name, s.charCodeAt(i), s.charCodeAt(i + 1))) fromName = 0;
      } else if (len >= 2 && len <= 4) {
        // Surrogate pairs: rare enough for the string tests.
        const t = s.slice(i, j);
        if (isHanChar(t)) {
          key = this.overflowKey(t);
          const cp = t.codePointAt(0)!;
          if (!chars.includes(cp)) chars.push(cp);
        } else if (isBigram(t)) {
          key = bmpKey(t) ?? this.overflowKey(t);
          if (fromName && !name.includes(t)) fromName = 0;
        }
      }
      // Latin and digit tokens (gb, t, years) get keys from the same table as the rare Han tokens: ranked in
      // SQL, a token held by most records (t: 62 % of them) cost a second (decisions/0108).
      if (key === undefined && len <= 16 && s.charCodeAt(i) < 0x80) {
        const t = s.slice(i, j);
        if (isWordToken(t)) key = this.overflowKey(t);
      }
      if (key !== undefined) this.pushKey(key);
      i = j + 1;
    }
    this.tokenStarts.push(this.keyCount);
    const inName = this.nameChars;
    inName.length = 0;
    for (let i = 0; i < name.length; i++) {
      const c = name.charCodeAt(i);
      let cp = -1;
      if (HAN_UNIT[c]) cp = c;
      else if (c >= 0xd800 && c <= 0xdbff && isHanChar(name.slice(i, i + 2))) cp = name.codePointAt(i)!;
      if (cp >= 0 && !inName.includes(cp)) inName.push(cp);
    }
    // 1 when the row's Han character tokens are exactly the Han characters of its title (else an English title in Han, NFKC).
    const charsFromName = inName.length === chars.length && chars.every((c) => inName.includes(c)) ? 1 : 0;
    this.flags.push((r.inForce ? 1 : 0) | (fromName << 1) | (charsFromName << 2) | (r.english ? 8 : 0) | (r.older ? 16 : 0));
  }

  /** `numberOrder`: every record id in number order (search-sql.ts NUMBER_ORDER), for the number data. */
  build(version: number, numberOrder?: ArrayLike<number>): TitleIndex {
    const steps = this.steps(version, numberOrder);
    for (;;) {
      const s = steps.next();
      if (s.done) return s.value;
    }
  }

  /**
   * The same build, giving the event loop a turn between slices of its work (docs/decisions/0099): built at once,
   * a million records held the server's thread for four seconds, and every request with it.
   */
  async buildGivingWay(
    version: number,
    numberOrder: ArrayLike<number> | undefined,
    pause: () => Promise<void>,
  ): Promise<TitleIndex> {
    const steps = this.steps(version, numberOrder);
    for (;;) {
      startTurn();
      const s = steps.next();
      if (s.done) return s.value;
      await pause();
    }
  }

  /** The build as slices: it yields once a slice has run TURN_MS (turns.ts), checked every few hundred units of work. */
  private *steps(version: number, numberOrder?: ArrayLike<number>): Generator<void, TitleIndex> {
    const n = this.ids.length;
    const rowIds = this.ids.done();
    const days = this.days.done();
    const rowFlags = this.flags.done();
    const tokenStarts = this.tokenStarts.done();
    this.ids = this.days = this.tokenStarts = int32s();
    this.flags = bytes();
    const order = yield* tieOrder(rowIds, days);
    yield;
    const numbers = numberOrder ? yield* this.numbers.buildSteps(order, numberOrder, rowFinder(rowIds)) : undefined;
    this.numbers = new NumberColumns();
    yield;
    // Distinct keys, sorted: the table a query searches. Then each key in the pages is replaced by its list
    // number, so laying the lists out reads it directly: one lookup per posting in a table of typed arrays, where
    // a Map was looked up three times per posting (ADR 0112).
    const table = new KeyTable();
    for (let i = 0; i < this.keyCount; i++) {
      table.add(this.key(i));
      if (turnSpent(i)) yield;
    }
    // The lists, ids and flags in shared memory: the partial-ranking thread reads them too (ADR 0126).
    const keys = shared(table.numbered());
    const offsets = sharedInt32(keys.length + 1);
    for (let i = 0; i < this.keyCount; i++) {
      const slot = table.get(this.key(i));
      this.setKey(i, slot);
      offsets[slot + 1]!++;
      if (turnSpent(i)) yield;
    }
    for (let t = 1; t < offsets.length; t++) offsets[t]! += offsets[t - 1]!;
    const fill = offsets.slice(0, keys.length);
    const postings = sharedInt32(this.keyCount);
    const ids = sharedInt32(n);
    const flags = sharedUint8(n);
    for (let ord = 0; ord < n; ord++) {
      const row = order[ord]!;
      ids[ord] = rowIds[row]!;
      flags[ord] = rowFlags[row]!;
      // Ordinals are visited in ascending order, so every posting list comes out sorted.
      for (let i = tokenStarts[row]!; i < tokenStarts[row + 1]!; i++) postings[fill[this.key(i)]!++] = ord;
      // A row is a few dozen keys' work.
      if (turnSpent(ord, 32)) yield;
    }
    const overflow = this.overflow;
    // Let the pages go before the titles are laid out: they and the titles are the build's largest parts.
    this.pages = [];
    this.keyCount = 0;
    this.overflow = new Map();
    // One string for all titles: a million separate strings made every full collection walk a million
    // objects, which showed in every request's latency (and the builder never holds one per row: title-names.ts).
    const titles: Titles = yield* this.names.layOut(order);
    this.names = new TitleBlocks();
    yield;
    return new TitleIndex(version, ids, titles, flags, { keys, offsets, postings, overflow }, numbers);
  }
}

/**
 * The distinct token keys of a build (never 0: every key is a Han unit, a bigram of two, or from OVERFLOW_BASE on)
 * in an open-addressing table, and once numbered, each key's list number.
 */
class KeyTable {
  private bits = 16;
  private keys = new Uint32Array(1 << 16);
  private lists = new Int32Array(0);
  private size = 0;

  /** Where key `k` is, or the empty entry where it would go. */
  private at(k: number): number {
    const mask = this.keys.length - 1;
    // The high bits of a multiplicative hash: a bigram's key differs from its neighbours' in its high half.
    let h = Math.imul(k, 0x9e3779b1) >>> (32 - this.bits);
    while (this.keys[h] !== 0 && this.keys[h] !== k) h = (h + 1) & mask;
    return h;
  }

  add(k: number) {
    const h = this.at(k);
    if (this.keys[h] !== 0) return;
    this.keys[h] = k;
    if (++this.size * 2 <= this.keys.length) return;
    const old = this.keys;
    this.bits++;
    this.keys = new Uint32Array(1 << this.bits);
    for (const key of old) if (key !== 0) this.keys[this.at(key)] = key;
  }

  /** The keys in ascending order; each key's list number is then its place among them (get). */
  numbered(): Uint32Array {
    const sorted = new Uint32Array(this.size);
    let n = 0;
    for (const key of this.keys) if (key !== 0) sorted[n++] = key;
    sorted.sort();
    this.lists = new Int32Array(this.keys.length);
    for (let i = 0; i < sorted.length; i++) this.lists[this.at(sorted[i]!)] = i;
    return sorted;
  }

  get(k: number): number {
    return this.lists[this.at(k)]!;
  }
}

/** The row of a record id: a binary search when rows came in id order (the store reads them so), else a map. */
function rowFinder(ids: Int32Array): (id: number) => number | undefined {
  let ascending = true;
  for (let i = 1; i < ids.length && ascending; i++) ascending = ids[i]! > ids[i - 1]!;
  if (!ascending) {
    const byId = new Map<number, number>();
    ids.forEach((id, row) => byId.set(id, row));
    return (id) => byId.get(id);
  }
  return (id) => {
    let lo = 0;
    let hi = ids.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (ids[mid]! < id) lo = mid + 1;
      else hi = mid;
    }
    return ids[lo] === id ? lo : undefined;
  };
}

/** Whether `name` holds the two code units a, b next to each other. */
function hasPair(name: string, a: number, b: number) {
  for (let i = 0; i + 1 < name.length; i++) if (name.charCodeAt(i) === a && name.charCodeAt(i + 1) === b) return true;
  return false;
}

/**
 * Row numbers in the tie order of the SQL ranking: implement_date desc nulls last, id desc. Each row
 * becomes one number (day × 2^31 + id, below 2^53 for any four-digit year and int id) sorted as numbers in
 * slices (turns.ts sortInTurns), rather than a million-element comparator sort.
 */
function* tieOrder(ids: Int32Array, days: Int32Array): Generator<void, Int32Array> {
  const n = ids.length;
  const sortKeys = new Float64Array(n);
  let ascending = true;
  for (let i = 0; i < n; i++) {
    // Descending: sort the negated key ascending.
    sortKeys[i] = -((days[i]! + 1) * 2 ** 31 + ids[i]!);
    if (i && ids[i]! <= ids[i - 1]!) ascending = false;
    if (turnSpent(i, 4096)) yield;
  }
  yield;
  const sorted = yield* sortInTurns(sortKeys);
  yield;
  const order = new Int32Array(n);
  if (!ascending) {
    // Rows added out of id order (tests): find each row by id.
    const byId = new Map<number, number>();
    ids.forEach((id, row) => byId.set(id, row));
    for (let o = 0; o < n; o++) order[o] = byId.get(-sorted[o]! % 2 ** 31)!;
    return order;
  }
  for (let o = 0; o < n; o++) {
    if (turnSpent(o, 64)) yield;
    const id = -sorted[o]! % 2 ** 31;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (ids[mid]! < id) lo = mid + 1;
      else hi = mid;
    }
    order[o] = lo;
  }
  return order;
}
