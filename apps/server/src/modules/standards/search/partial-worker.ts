import { parentPort } from 'node:worker_threads';
import { TitleIndex } from './title-index.ts';
import type { ToPartialThread } from './partial-thread.ts';

/**
 * The partial-ranking thread (partial-thread.ts, ADR 0126): it holds the lists of the index last published to it, in
 * memory shared with the request thread, and ranks partial matches with them. A request for another index than the
 * one it holds gets no answer (`ranked` without records), and the request thread ranks it itself.
 */
let held: { seq: number; index: TitleIndex } | undefined;
const port = parentPort!;
port.on('message', (m: ToPartialThread) => {
  if (m.type === 'drop') {
    held = undefined;
    return;
  }
  if (m.type === 'load') {
    held = { seq: m.seq, index: TitleIndex.forPartials(m.parts) };
    port.postMessage({ type: 'loaded', seq: m.seq });
    return;
  }
  if (!held || held.seq !== m.seq) {
    port.postMessage({ type: 'ranked', id: m.id });
    return;
  }
  try {
    port.postMessage({ type: 'ranked', id: m.id, ranked: held.index.rankPartial(m.sets, m.cap, m.offset, m.size) });
  } catch {
    port.postMessage({ type: 'ranked', id: m.id });
  }
});
