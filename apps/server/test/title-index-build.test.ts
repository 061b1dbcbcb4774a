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
