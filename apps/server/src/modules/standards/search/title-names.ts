import { turnSpent } from './turns.ts';

/** Titles joined per block while a build collects rows: one string per block, not one per row. */
const BLOCK_BITS = 12;
const BLOCK = 1 << BLOCK_BITS;
/** Code units decoded into one part of the joined titles at a time (a few milliseconds of work). */
const DECODE_PART = 1 << 20;

/** The titles of a build in its tie order, as TitleIndex takes them (title-index.ts Titles). */
export interface LaidOutTitles {
  text: string;
  starts: Int32Array;
  lengths: Uint16Array;
  first: Uint16Array;
}

/**
 * The titles a build collects, row by row (decisions/0116). Held as one string per row, 5,000,000 titles were
 * 5,000,000 objects in the old generation, and a full collection walking them held the server's thread for up
 * to a second during a build. Here every BLOCK rows' titles are joined into one string as they come, and the
 * titles are laid out in tie order through an array of code units.
 */
export class TitleBlocks {
  private readonly blocks: string[] = [];
  private open: string[] = [];
  /** Per row, where its title starts in all titles in row order (rows + 1 entries). */
  private starts = new Int32Array(1024);
  private rows = 0;

  add(name: string) {
    if (this.rows + 2 > this.starts.length) {
      const grown = new Int32Array(this.starts.length * 2);
      grown.set(this.starts);
      this.starts = grown;
    }
    this.starts[this.rows + 1] = this.starts[this.rows]! + name.length;
    this.rows++;
    this.open.push(name);
    if (this.open.length === BLOCK) this.close();
  }

  private close() {
    if (!this.open.length) return;
    this.blocks.push(this.open.join(''));
    this.open = [];
  }

  /**
   * The titles of `order`'s rows, in that order: their text, where each starts, its length in code points (at most
   * 0xffff) and its first code unit (0 when empty). Yields whenever the slice is spent (turns.ts).
   */
  *layOut(order: Int32Array): Generator<void, LaidOutTitles> {
    this.close();
    const n = order.length;
    const { blocks, starts: rowStarts } = this;
    const units = new Uint16Array(rowStarts[this.rows]!);
    const starts = new Int32Array(n + 1);
    const lengths = new Uint16Array(n);
    const first = new Uint16Array(n);
    for (let ord = 0; ord < n; ord++) {
      const row = order[ord]!;
      const block = blocks[row >>> BLOCK_BITS]!;
      const from = rowStarts[row]!;
      const len = rowStarts[row + 1]! - from;
      const local = from - rowStarts[row & ~(BLOCK - 1)]!;
      const at = starts[ord]!;
      starts[ord + 1] = at + len;
      // Code points as title-index.ts codePoints counts them: every code unit but a high surrogate.
      let points = 0;
      for (let i = 0; i < len; i++) {
        const c = block.charCodeAt(local + i);
        units[at + i] = c;
        if (c < 0xd800 || c > 0xdbff) points++;
      }
      lengths[ord] = Math.min(points, 0xffff);
      first[ord] = len ? block.charCodeAt(local) : 0;
      if (turnSpent(ord, 64)) yield;
    }
    this.blocks.length = 0;
    // Decoded a part at a time; streaming keeps a surrogate pair cut by a part's end whole.
    const decoder = new TextDecoder('utf-16le');
    const bytes = new Uint8Array(units.buffer);
    const parts: string[] = [];
    for (let at = 0; at < units.length; at += DECODE_PART) {
      const end = Math.min(units.length, at + DECODE_PART);
      parts.push(decoder.decode(bytes.subarray(at * 2, end * 2), { stream: end < units.length }));
      yield;
    }
    return { text: parts.join(''), starts, lengths, first };
  }
}
