import { describe, expect, it } from 'vitest';
import { TitleIndexBuilder, type IndexRow } from '../src/modules/standards/search/title-index-builder.ts';
import { indexTokens } from '../src/lib/segment.ts';

const WORDS = ['混凝土', '结构', '设计', '规范', '给水', '排水', '施工', '验收', '技术', '规程', '安全', '检测'];

/** `n` rows of titles from a few words (deterministic), with their stored tokens. */
function rows(n: number): IndexRow[] {
  let seed = 5;
  const rnd = () => (seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff) / 0x7fffffff;
  return Array.from({ length: n }, (_, i) => {
    const name = Array.from({ length: 1 + Math.floor(rnd() * 4) }, () => WORDS[Math.floor(rnd() * WORDS.length)]!).join('');
    return {
      id: i + 1,
      name,
      inForce: i % 3 !== 0,
      date: `20${10 + (i % 15)}-01-01`,
      tokens: indexTokens({ texts: [name] }).join(' '),
    };
  });
}

describe('title index build giving way', () => {
  it('lets the event loop turn between slices of a large build, and builds the same index as at once', async () => {
    const input = rows(70_000);
    const once = new TitleIndexBuilder();
    input.forEach((r) => once.add(r));
    const whole = once.build(3);

    const sliced = new TitleIndexBuilder();
    input.forEach((r) => sliced.add(r));
    let pauses = 0;
    let turned = false;
    // Scheduled before the build starts: it runs only if the build gives the loop a turn before it ends.
    setImmediate(() => (turned = true));
    const built = await sliced.buildGivingWay(3, undefined, async () => {
      pauses++;
      await new Promise((r) => setImmediate(r));
    });
    const turnedBeforeEnd = turned;
    expect(turnedBeforeEnd).toBe(true);
    // Rows are laid out in slices of 32,768: 70,000 rows give at least two such pauses besides the fixed ones.
    expect(pauses).toBeGreaterThanOrEqual(5);
    expect(built.size).toBe(70_000);
    expect(built.bytes).toBe(whole.bytes);
    for (const q of [['规范'], ['混凝', '凝土'], ['设', '计'], ['检测', '安全']])
      for (const [offset, size] of [
        [0, 20],
        [500, 20],
      ] as const)
        expect(built.rankFull([q.join('')], [q], offset, size), q.join()).toEqual(
          whole.rankFull([q.join('')], [q], offset, size),
        );
  });
});

describe('title index build with many distinct tokens', () => {
  it('gives every token its own list when the distinct tokens outgrow the key table several times', () => {
    // 60,000 distinct bigrams from 300 × 200 Han units (the key table starts at 65,536 entries and grows at half
    // full), and characters; each record holds a few of them, chosen at random.
    let seed = 7;
    const rnd = () => (seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff) / 0x7fffffff;
    const unit = (base: number, span: number) => String.fromCharCode(base + Math.floor(rnd() * span));
    const input: IndexRow[] = [];
    const holders = new Map<string, number[]>();
    for (let id = 1; id <= 40_000; id++) {
      const tokens = new Set(Array.from({ length: 4 }, () => unit(0x4e00, 300) + unit(0x6000, 200)));
      const name = [...tokens].join('');
      const all = indexTokens({ texts: [name] });
      for (const t of all) holders.set(t, [...(holders.get(t) ?? []), id]);
      input.push({ id, name, inForce: true, date: '2020-01-01', tokens: all.join(' ') });
    }
    expect(holders.size).toBeGreaterThan(40_000);
    const b = new TitleIndexBuilder();
    input.forEach((r) => b.add(r));
    const index = b.build(1);
    const tokens = [...holders.keys()];
    for (let i = 0; i < 400; i++) {
      const t = tokens[Math.floor(rnd() * tokens.length)]!;
      const got = index.rankFull([t], [[t]], 0, 1000)!;
      expect(got.total, t).toBe(holders.get(t)!.length);
      expect(
        [...got.ids].sort((x, y) => x - y),
        t,
      ).toEqual(holders.get(t));
    }
  });
});
