import { codePoints, isBigram, isHanChar, TitleIndex, type Titles } from './title-index.ts';

const HAN_CHARS = /\p{Script=Han}/gu;

/** One catalogue row as the index reads it. `date`: implement_date as ISO text or null. */
export interface IndexRow {
  id: number;
  name: string;
  inForce: boolean;
  date: string | null;
  tokens: string;
}

const dayNumber = (d: string | null) =>
  d ? Number(d.slice(0, 4)) * 10_000 + Number(d.slice(5, 7)) * 100 + Number(d.slice(8, 10)) : -1;

/** Collects rows (any order), then builds the index; tokens are kept as ids so the build stays compact. */
export class TitleIndexBuilder {
  private readonly ids: number[] = [];
  private readonly names: string[] = [];
  private readonly inForce: number[] = [];
  /** 1 when every Han bigram token of the row occurs in its raw title (so a held bigram is in the title). */
  private readonly fromName: number[] = [];
  private readonly days: number[] = [];
  /** 1 when the row's Han character tokens are exactly the Han characters of its title (else an English title in Han, NFKC). */
  private readonly charsFromName: number[] = [];
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
    let fromName = 1;
    for (const t of r.tokens.split(' ')) {
      // Single Han characters have posting lists too: a piece typed across a word boundary (范设计 →
      // 范 + 设计) and a partial match holding one would otherwise be filtered title by title or ranked in SQL.
      if (isHanChar(t)) chars.add(t);
      else if (!isBigram(t)) continue;
      else if (fromName && !r.name.includes(t)) fromName = 0;
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
    this.fromName.push(fromName);
    const inName = new Set(r.name.match(HAN_CHARS));
    this.charsFromName.push(inName.size === chars.size && [...chars].every((c) => inName.has(c)) ? 1 : 0);
  }

  build(version: number): TitleIndex {
    const n = this.ids.length;
    // Tie order of the SQL ranking: implement_date desc nulls last, id desc.
    const order = Array.from({ length: n }, (_, i) => i).sort(
      (a, b) => this.days[b]! - this.days[a]! || this.ids[b]! - this.ids[a]!,
    );
    const ids = new Int32Array(n);
    const names: string[] = new Array<string>(n);
    const titleStarts = new Int32Array(n + 1);
    const lengths = new Uint16Array(n);
    const first = new Uint16Array(n);
    const flags = new Uint8Array(n);
    const counts = new Int32Array(this.tokenIds.size + 1);
    for (let i = 0; i < this.tokenCount; i++) counts[this.tokenList[i]! + 1]!++;
    for (let t = 1; t < counts.length; t++) counts[t]! += counts[t - 1]!;
    const starts = counts.slice();
    const postings = new Int32Array(this.tokenCount);
    order.forEach((row, ord) => {
      ids[ord] = this.ids[row]!;
      const name = this.names[row]!;
      names[ord] = name;
      titleStarts[ord + 1] = titleStarts[ord]! + name.length;
      lengths[ord] = Math.min(codePoints(name), 0xffff);
      first[ord] = name.charCodeAt(0) || 0;
      flags[ord] = this.inForce[row]! | (this.fromName[row]! << 1) | (this.charsFromName[row]! << 2);
      // Ordinals are visited in ascending order, so every posting list comes out sorted.
      for (let i = this.tokenStarts[row]!; i < this.tokenStarts[row + 1]!; i++) postings[counts[this.tokenList[i]!]!++] = ord;
    });
    const lists = new Map<string, Int32Array>();
    for (const [t, id] of this.tokenIds) lists.set(t, postings.subarray(starts[id]!, starts[id + 1]!));
    // One string for all titles: a million separate strings made every full collection walk a million
    // objects, which showed in every request's latency.
    const titles: Titles = { text: names.join(''), starts: titleStarts, lengths, first };
    return new TitleIndex(version, ids, titles, flags, lists);
  }
}
