import { describe, expect, it, vi } from 'vitest';
import { MAX_BACKGROUND_WAIT_MS, PriorityGate } from '../src/db/priority-gate.ts';
import { backgroundOf } from '../src/db/client.ts';
import { createTestDb } from './helpers/db.ts';

/** A statement that holds the gate until released, recording when it started. */
function holder(gate: PriorityGate, background: boolean, log: string[], name: string) {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  const done = gate.run(background, async () => {
    log.push(name);
    await held;
  });
  return { release, done };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('PGlite priority gate (decisions/0096)', () => {
  it("lets a request's statement go before job statements queued earlier", async () => {
    const gate = new PriorityGate();
    const log: string[] = [];
    const running = holder(gate, true, log, 'job1');
    const job2 = holder(gate, true, log, 'job2');
    const job3 = holder(gate, true, log, 'job3');
    const search = holder(gate, false, log, 'search');
    await tick();
    expect(log).toEqual(['job1']);
    expect(gate.waiting).toEqual({ fore: 1, back: 2 });
    running.release();
    await tick();
    expect(log).toEqual(['job1', 'search']);
    search.release();
    await tick();
    job2.release();
    await tick();
    job3.release();
    await Promise.all([running.done, search.done, job2.done, job3.done]);
    expect(log).toEqual(['job1', 'search', 'job2', 'job3']);
  });

  it('holds job statements while a request is in flight, until it ends', async () => {
    const gate = new PriorityGate();
    const log: string[] = [];
    const end = gate.beginRequest();
    const job = holder(gate, true, log, 'job');
    await tick();
    expect(log).toEqual([]);
    end();
    await tick();
    expect(log).toEqual(['job']);
    job.release();
    await job.done;
    expect(gate.requestsInFlight).toBe(0);
  });

  it('lets a job statement through once it has waited long enough, however many requests come', async () => {
    const gate = new PriorityGate();
    const log: string[] = [];
    const end = gate.beginRequest(); // never ends during the test
    const t0 = performance.now();
    await gate.run(true, async () => log.push('job'));
    const waited = performance.now() - t0;
    expect(log).toEqual(['job']);
    expect(waited).toBeGreaterThanOrEqual(MAX_BACKGROUND_WAIT_MS - 1);
    end();
    end(); // ending twice counts once
    expect(gate.requestsInFlight).toBe(0);
  });

  it('on PGlite, a query on the ordinary handle overtakes queued background queries', async () => {
    const t = await createTestDb('pglite');
    try {
      const back = backgroundOf(t.db);
      expect(back).not.toBe(t.db);
      const order: string[] = [];
      // The gate's clock stands still, so no job turns late (MAX_BACKGROUND_WAIT_MS) however slowly a busy machine
      // runs the first one: the order then depends on the gate's priority alone.
      const clock = vi.spyOn(performance, 'now').mockReturnValue(performance.now());
      try {
        const jobs = Array.from({ length: 5 }, (_, i) =>
          back.query('select count(*) from generate_series(1, 100000)').then(() => order.push(`job${i}`)),
        );
        // Asked while the jobs wait (PGlite settles statements as microtasks, so a tick here could see them all done).
        const search = t.db.query('select 1').then(() => order.push('search'));
        await Promise.all([...jobs, search]);
      } finally {
        clock.mockRestore();
      }
      // The first job statement was already running; the search comes right after it.
      expect(order.indexOf('search')).toBe(1);
    } finally {
      await t.drop();
    }
  });
});
