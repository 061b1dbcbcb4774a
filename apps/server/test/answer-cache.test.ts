import { describe, expect, it } from 'vitest';
import { AnswerCache, jsonLength, MEMORY_LIMITS } from '../src/modules/standards/catalogue/catalogue-cache.ts';

const page = (i: number, rows = 20) => ({
  total: rows,
  list: Array.from({ length: rows }, (_, j) => ({ id: i * 1000 + j, nameZh: '建筑抗震设计规范'.repeat(4) })),
});

describe('search answer cache', () => {
  it('keeps at most its entry limit, dropping the least recently used', async () => {
    const cache = new AnswerCache(undefined, { entries: 3, bytes: 1 << 20 });
    let computed = 0;
    const get = (k: string) => cache.get(1, k, async () => (computed++, page(computed, 1)));
    await get('a');
    await get('b');
    await get('c');
    await get('a'); // a is now the most recent
    await get('d'); // b goes
    expect(cache.held.entries).toBe(3);
    expect(computed).toBe(4);
    await get('a');
    await get('c');
    await get('d');
    expect(computed).toBe(4);
    await get('b');
    expect(computed).toBe(5);
  });

  it('keeps its estimated size within the byte limit however many distinct keys arrive', async () => {
    const bytes = 64 * 1024;
    const cache = new AnswerCache(undefined, { entries: 10_000, bytes });
    for (let i = 0; i < 500; i++) await cache.get(1, `s:{"keyword":"词${i}"}`, async () => page(i));
    expect(cache.held.bytes).toBeLessThanOrEqual(bytes);
    expect(cache.held.entries).toBeGreaterThan(0);
    expect(cache.held.entries).toBeLessThan(500);
    // A page of 100 records costs five times a page of 20: fewer of them fit.
    const big = new AnswerCache(undefined, { entries: 10_000, bytes });
    for (let i = 0; i < 500; i++) await big.get(1, `s:{"keyword":"词${i}","size":"100"}`, async () => page(i, 100));
    expect(big.held.bytes).toBeLessThanOrEqual(bytes);
    expect(big.held.entries).toBeLessThan(cache.held.entries);
  });

  it('answers an oversized result without keeping it, and old versions age out', async () => {
    const cache = new AnswerCache(undefined, { entries: 10, bytes: 4 * 1024 });
    let computed = 0;
    const huge = await cache.get(1, 'huge', async () => (computed++, page(1, 100)));
    expect(huge.list).toHaveLength(100);
    expect(cache.held.entries).toBe(0);
    await cache.get(1, 'huge', async () => (computed++, page(1, 100)));
    expect(computed).toBe(2);
    for (let v = 1; v <= 30; v++) await cache.get(v, 'same', async () => page(v, 1));
    expect(cache.held.entries).toBeLessThanOrEqual(10);
  });

  it('weighs an answer at about its JSON length without writing it out', () => {
    const values: unknown[] = [
      page(3),
      page(4, 100),
      { total: 0, list: [], page: 1, size: 20, partialFrom: null, nearest: [] },
      { a: 'x', b: [1, 2.5, true, null], c: { d: '标准<em>GB</em>' }, e: undefined },
    ];
    for (const v of values) {
      const json = JSON.stringify(v).length;
      expect(jsonLength(v)).toBeGreaterThanOrEqual(json * 0.8);
      expect(jsonLength(v)).toBeLessThanOrEqual(json * 1.25);
    }
  });

  it('has limits on both entries and bytes by default', () => {
    expect(MEMORY_LIMITS.entries).toBeGreaterThan(0);
    expect(MEMORY_LIMITS.bytes).toBeLessThanOrEqual(32 * 1024 * 1024);
  });
});
