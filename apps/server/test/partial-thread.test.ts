import { afterEach, describe, expect, it, vi } from 'vitest';
import { partialSets, PARTIAL_CANDIDATES } from '../src/modules/standards/search/search-sql.ts';
import { PartialThread } from '../src/modules/standards/search/partial-thread.ts';
import { TitleIndexBuilder } from '../src/modules/standards/search/title-index-builder.ts';
import type { TitleIndex } from '../src/modules/standards/search/title-index.ts';

/**
 * Partial matching on its own thread (ADR 0126): the thread ranks with the request thread's lists, shared rather than
 * copied, and answers exactly what the index answers in line; whatever it cannot rank (an overlaid index, one it has
 * not loaded, a thread gone) is ranked in line.
 */
const WORDS = ['设计', '施工', '验收', '检测', '结构', '工程', '安全', '道路', '桥梁', '管道', '规', '范', '家畜', '深度'];

function randomIndex(seed: number, version = 1, records = 20_000) {
  const rnd = () => (seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff) / 0x7fffffff;
  const b = new TitleIndexBuilder();
  for (let id = 1; id <= records; id++) {
    const parts = Array.from({ length: 1 + Math.floor(rnd() * 4) }, () => WORDS[Math.floor(rnd() * WORDS.length)]!);
    const date = `20${10 + Math.floor(rnd() * 12)}-0${1 + Math.floor(rnd() * 9)}-01`;
    b.add({ id, name: parts.join(''), inForce: rnd() < 0.3, date, tokens: [...new Set(parts)].join(' ') });
  }
  return b.build(version);
}

const queries = [
  ['设计', '家畜', '深度'],
  ['施工', '验收', '桥梁', '规'],
  ['结构', '安全', '道路', '管道', '范'],
  ['检测', '工程'],
].map((q) => partialSets([q]));
const pages = [
  [0, 20],
  [20, 20],
  [480, 40],
] as const;

/** Ranks every query and page through the thread, expecting the index's own answers. */
async function ranksAsInLine(thread: PartialThread, index: TitleIndex) {
  for (const sets of queries)
    for (const [offset, size] of pages)
      expect(await thread.rank(index, sets, PARTIAL_CANDIDATES, offset, size)).toEqual(
        index.rankPartial(sets, PARTIAL_CANDIDATES, offset, size),
      );
}

/** Waits until the thread answers a ranking itself (it loads an index published to it in the background). */
async function untilThreadRanks(thread: PartialThread, index: TitleIndex) {
  await vi.waitFor(
    async () => {
      const before = thread.counts.thread;
      await thread.rank(index, queries[0]!, PARTIAL_CANDIDATES, 0, 20);
      expect(thread.counts.thread).toBeGreaterThan(before);
    },
    { timeout: 30_000, interval: 20 },
  );
}

describe('partial ranking thread', () => {
  let thread: PartialThread | undefined;
  afterEach(async () => {
    await thread?.close();
    thread = undefined;
  });

  it('holds the lists in shared memory and ranks on the thread exactly as in line', async () => {
    const index = randomIndex(11);
    const parts = index.partialParts();
    for (const a of [
      parts.ids,
      parts.flags,
      parts.post.postings,
      parts.post.offsets,
      parts.post.keys,
      ...parts.dense.map(([, b]) => b),
    ])
      expect(a.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(parts.dense.length).toBeGreaterThan(0);
    thread = new PartialThread(1);
    await untilThreadRanks(thread, index);
    const before = { ...thread.counts };
    await ranksAsInLine(thread, index);
    expect(thread.counts.thread - before.thread).toBe(queries.length * pages.length);
    expect(thread.counts.inline).toBe(before.inline);
  });

  it('ranks a new index with its own lists, never with the ones loaded before', async () => {
    const first = randomIndex(11);
    const second = randomIndex(12, 2);
    thread = new PartialThread(1);
    await untilThreadRanks(thread, first);
    // The answers differ between the two indexes, so an answer from the wrong lists would show.
    expect(first.rankPartial(queries[1]!, PARTIAL_CANDIDATES, 0, 20)).not.toEqual(
      second.rankPartial(queries[1]!, PARTIAL_CANDIDATES, 0, 20),
    );
    await ranksAsInLine(thread, second);
    await untilThreadRanks(thread, second);
    const before = thread.counts.thread;
    await ranksAsInLine(thread, second);
    expect(thread.counts.thread).toBeGreaterThan(before);
  });

  it('ranks in line an overlaid index, a catalogue under the threshold, and everything once the thread is gone', async () => {
    const index = randomIndex(11);
    thread = new PartialThread(1);
    await untilThreadRanks(thread, index);
    // An overlay leaves changed records out (decisions/0118): only the request thread knows which.
    const overlaid = index.overlaid(2, Int32Array.of(5, 9), randomIndex(13, 2));
    let before = { ...thread.counts };
    await ranksAsInLine(thread, overlaid);
    expect(thread.counts.thread).toBe(before.thread);
    expect(thread.counts.inline - before.inline).toBe(queries.length * pages.length);

    const small = new PartialThread(index.size + 1);
    await ranksAsInLine(small, index);
    expect(small.counts).toEqual({ thread: 0, inline: queries.length * pages.length });
    await small.close();

    // A catalogue grown smaller than the threshold: ranked in line, and the thread lets the larger lists go.
    const sized = new PartialThread(index.size);
    await untilThreadRanks(sized, index);
    const smaller = randomIndex(14, 2, 5_000);
    const inThread = sized.counts.thread;
    await ranksAsInLine(sized, smaller);
    expect(sized.counts.thread).toBe(inThread);
    expect((sized as unknown as { lists?: Int32Array }).lists).toBeUndefined();
    // Grown again: published anew and ranked on the thread.
    await untilThreadRanks(sized, index);
    await sized.close();

    // The thread ends under rankings waiting for it: they, and the ones after, are ranked in line.
    const worker = (thread as unknown as { worker: { terminate(): Promise<number> } }).worker;
    const waiting = queries.map((sets) => thread!.rank(index, sets, PARTIAL_CANDIDATES, 0, 20));
    await worker.terminate();
    expect(await Promise.all(waiting)).toEqual(queries.map((sets) => index.rankPartial(sets, PARTIAL_CANDIDATES, 0, 20)));
    before = { ...thread.counts };
    await ranksAsInLine(thread, overlaid);
    await thread.close();
    await ranksAsInLine(thread, index);
    expect(thread.counts.thread).toBe(before.thread);
  });
});
