import { Worker } from 'node:worker_threads';
import { workerEntry } from '../../../lib/worker-entry.ts';
import type { PartialParts, Ranked, TitleIndex } from './title-index.ts';

type PartialSets = Parameters<TitleIndex['rankPartial']>[0];

/** What the request thread tells the partial-ranking thread (partial-worker.ts). */
export type ToPartialThread =
  | { type: 'load'; seq: number; parts: PartialParts }
  | { type: 'drop' }
  | { type: 'rank'; id: number; seq: number; sets: PartialSets; cap: number; offset: number; size: number };
type FromPartialThread = { type: 'loaded'; seq: number } | { type: 'ranked'; id: number; ranked?: Ranked };

/**
 * Records from which an index's partial rankings go to their thread by default; a smaller catalogue ranks them in line.
 * At 1,000,000 records on two cores the thread gained nothing and cost p99; at 5,000,000 it gained half (ADR 0126).
 */
export const PARTIAL_THREAD_MIN = 2_000_000;
/**
 * Rankings waiting for the thread beyond which the request thread ranks the next one itself: under load both threads
 * rank, and no request waits behind a long queue.
 */
const MAX_WAITING = 16;
/** Thread failures after which partial rankings stay in the request thread. */
const MAX_FAILURES = 3;

/**
 * Partial matching on a thread of its own (ADR 0126). A query whose words no title holds all of (two half-remembered
 * words) spends most of its time in TitleIndex.rankPartial, on the one thread that also parses, serializes and
 * answers every request. Here that ranking runs on a second thread reading the same lists: the index's lists, ids,
 * flags and bitmaps live in SharedArrayBuffers (lib/shared-arrays.ts), so publishing an index copies nothing.
 *
 * The thread holds one index at a time, the last one published; an index with an overlay (changed records ranked
 * beside it, decisions/0118), one the thread has not loaded yet, or a catalogue smaller than `minRecords` is ranked in
 * the request thread, as is any ranking the thread fails or while MAX_WAITING wait for it. The answer is the same
 * either way: the same code over the same lists.
 */
export class PartialThread {
  private worker?: Worker;
  /** The lists last published, and under which number; `loaded`: the number the thread has loaded. */
  private lists?: Int32Array;
  private seq = 0;
  private loaded = -1;
  private nextId = 0;
  private readonly waiting = new Map<number, (r: Ranked | undefined) => void>();
  private failures = 0;
  private closed = false;
  /** Rankings answered by the thread, and in the request thread (metrics, tests). */
  readonly counts = { thread: 0, inline: 0 };

  constructor(private readonly minRecords = PARTIAL_THREAD_MIN) {}

  /** `index.rankPartial(sets, cap, offset, size)`, on the thread when it holds this index's lists. */
  async rank(index: TitleIndex, sets: PartialSets, cap: number, offset: number, size: number): Promise<Ranked> {
    const inline = () => {
      this.counts.inline++;
      return index.rankPartial(sets, cap, offset, size);
    };
    if (this.closed || index.fresh || this.failures >= MAX_FAILURES) return inline();
    if (index.size < this.minRecords) {
      // A catalogue grown smaller: the thread lets the larger index's lists go.
      if (this.lists) this.drop();
      return inline();
    }
    if (index.lists !== this.lists) {
      this.publish(index.partialParts());
      return inline();
    }
    if (this.loaded !== this.seq || this.waiting.size >= MAX_WAITING) return inline();
    const id = this.nextId++;
    const ranked = await new Promise<Ranked | undefined>((resolve) => {
      this.waiting.set(id, resolve);
      this.worker!.postMessage({ type: 'rank', id, seq: this.seq, sets, cap, offset, size } satisfies ToPartialThread);
    });
    if (!ranked) return inline();
    this.counts.thread++;
    return ranked;
  }

  /** Has the thread let go of the lists it holds (none published until the next large index). */
  private drop() {
    this.lists = undefined;
    this.loaded = -1;
    this.seq++;
    this.worker?.postMessage({ type: 'drop' } satisfies ToPartialThread);
  }

  /** Hands the thread a new index's lists (shared, not copied); until it says loaded, rankings stay in line. */
  private publish(parts: PartialParts) {
    this.lists = parts.post.postings;
    this.seq++;
    (this.worker ??= this.start()).postMessage({ type: 'load', seq: this.seq, parts } satisfies ToPartialThread);
  }

  private start(): Worker {
    const entry = workerEntry(import.meta.url, 'partial-worker.ts', 'partial-worker.js');
    const worker = new Worker(entry.file, { eval: entry.eval });
    worker.on('message', (m: FromPartialThread) => {
      if (m.type === 'loaded') {
        if (m.seq === this.seq) this.loaded = m.seq;
        return;
      }
      const resolve = this.waiting.get(m.id);
      this.waiting.delete(m.id);
      resolve?.(m.ranked);
    });
    const lost = () => {
      if (this.worker !== worker) return;
      this.failures++;
      this.worker = undefined;
      this.lists = undefined;
      this.loaded = -1;
      this.releaseWaiting();
    };
    worker.on('error', lost);
    worker.on('exit', lost);
    // An idle thread never keeps the process (or a test run) alive (after the listeners: one may ref its port).
    worker.unref();
    return worker;
  }

  /** Ends the thread; rankings still waiting are ranked in line. */
  async close() {
    this.closed = true;
    const worker = this.worker;
    this.worker = undefined;
    this.releaseWaiting();
    await worker?.terminate();
  }

  /** Whatever waits for the thread is ranked in line. */
  private releaseWaiting() {
    for (const resolve of this.waiting.values()) resolve(undefined);
    this.waiting.clear();
  }
}
