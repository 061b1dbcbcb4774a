import { describe, expect, it } from 'vitest';
import { TurnBatch } from '../src/lib/turn-batch.ts';

/** Work asked for in one turn of the event loop is done by one call (lib/turn-batch.ts, decisions/0127, 0128). */
describe('turn batch', () => {
  const doubler = (maxSize = 10, sizeOf?: (n: number) => number) => {
    const calls: number[][] = [];
    const batch = new TurnBatch<number, number>(
      async (items) => {
        calls.push(items.slice());
        return items.map((n) => n * 2);
      },
      maxSize,
      sizeOf,
    );
    return { batch, calls };
  };

  it('runs the items of one turn together, each caller getting its own result', async () => {
    const { batch, calls } = doubler();
    expect(await Promise.all([batch.add(1), batch.add(2), batch.add(3)])).toEqual([2, 4, 6]);
    expect(calls).toEqual([[1, 2, 3]]);
    // The next turn's items are a batch of their own.
    expect(await batch.add(4)).toBe(8);
    expect(calls).toEqual([[1, 2, 3], [4]]);
    expect([batch.runs, batch.items]).toEqual([2, 4]);
  });

  it('starts another batch when an item would pass the size limit', async () => {
    const { batch, calls } = doubler(5, (n) => n);
    expect(await Promise.all([batch.add(2), batch.add(3), batch.add(1), batch.add(4)])).toEqual([4, 6, 2, 8]);
    expect(calls).toEqual([
      [2, 3],
      [1, 4],
    ]);
  });

  it('fails every caller of a batch whose run fails, and the next batch runs anew', async () => {
    let fail = true;
    const batch = new TurnBatch<number, number>(async (items) => {
      if (fail) throw new Error('down');
      return items;
    }, 10);
    const asked = [batch.add(1), batch.add(2)].map((p) =>
      p.then(
        () => 'ok',
        (e: Error) => e.message,
      ),
    );
    expect(await Promise.all(asked)).toEqual(['down', 'down']);
    fail = false;
    expect(await batch.add(3)).toBe(3);
  });
});
