import { describe, expect, it } from 'vitest';
import { sortInTurns, startTurn } from '../src/modules/standards/search/turns.ts';
import { TitleBlocks } from '../src/modules/standards/search/title-names.ts';
import { codePoints } from '../src/modules/standards/search/title-index.ts';
import { seeded } from './helpers/random.ts';

/** Runs a sliced step to its end, counting the turns it gave way (decisions/0116). */
function drive<T>(steps: Generator<void, T>, everyTurnSpent = false): { value: T; turns: number } {
  let turns = 0;
  for (;;) {
    // A slice already spent makes every check yield: the merge must come out the same when cut anywhere.
    if (everyTurnSpent) startTurn(-1);
    else startTurn();
    const s = steps.next();
    if (s.done) return { value: s.value, turns };
    turns++;
  }
}

describe('sortInTurns', () => {
  const { rnd } = seeded(29);
  // Sizes around the native run (2^15) and its doublings, odd tails, and keys as the builds make them.
  const sizes = [0, 1, 2, 100, 32_767, 32_768, 32_769, 65_536, 100_003, 262_145];
  const kinds: Record<string, (n: number) => Float64Array> = {
    random: (n) => Float64Array.from({ length: n }, () => (rnd() - 0.5) * 2 ** 52),
    'few distinct': (n) => Float64Array.from({ length: n }, () => Math.floor(rnd() * 7)),
    descending: (n) => Float64Array.from({ length: n }, (_, i) => n - i),
    'tie keys': (n) => Float64Array.from({ length: n }, (_, i) => -((Math.floor(rnd() * 900_000) + 1) * 2 ** 31 + i)),
  };
  for (const [kind, make] of Object.entries(kinds))
    for (const n of sizes)
      it(`sorts ${n} ${kind} numbers as a native sort does`, () => {
        const a = make(n);
        const expected = Float64Array.from(a).sort();
        expect(Array.from(drive(sortInTurns(a), n % 2 === 1).value)).toEqual(Array.from(expected));
      });

  it('gives way when its slice is spent', () => {
    const a = kinds.random!(200_000);
    expect(drive(sortInTurns(a), true).turns).toBeGreaterThan(10);
  });
});

describe('TitleBlocks', () => {
  const { rnd, pick } = seeded(116);
  const pieces = ['混凝土', '结构', 'GB/T', ' ', '𠮷', '(', '设计规范', 'é', '', 'Steel'];
  const title = () => Array.from({ length: Math.floor(rnd() * 6) }, () => pick(pieces)).join('');

  for (const n of [0, 1, 4095, 4096, 4097, 12_289])
    it(`lays ${n} titles out in any order with their starts, lengths and first units`, () => {
      const names = Array.from({ length: n }, title);
      const blocks = new TitleBlocks();
      for (const name of names) blocks.add(name);
      const order = Int32Array.from(names.keys());
      for (let i = n - 1; i > 0; i--) {
        const j = Math.floor(rnd() * (i + 1));
        [order[i], order[j]] = [order[j]!, order[i]!];
      }
      const t = drive(blocks.layOut(order), n % 2 === 1).value;
      const inOrder = Array.from(order, (row) => names[row]!);
      expect(t.text).toBe(inOrder.join(''));
      expect(Array.from(t.starts)).toEqual(inOrder.reduce((s, x) => [...s, s[s.length - 1]! + x.length], [0]));
      expect(Array.from(t.lengths)).toEqual(inOrder.map(codePoints));
      expect(Array.from(t.first)).toEqual(inOrder.map((x) => x.charCodeAt(0) || 0));
    });

  it('keeps a surrogate pair whole where a decoded part ends', () => {
    // 2^20 code units decode at a time: a title of 𠮷 runs across that boundary at an odd offset.
    const names = ['a', '𠮷'.repeat(600_000)];
    const blocks = new TitleBlocks();
    for (const name of names) blocks.add(name);
    expect(drive(blocks.layOut(Int32Array.of(0, 1))).value.text).toBe(names.join(''));
  });
});
