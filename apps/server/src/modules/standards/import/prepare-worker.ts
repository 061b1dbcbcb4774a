import { parentPort, workerData } from 'node:worker_threads';
import { prepareBatches, type PrepareOptions } from './prepare.ts';
import { readRows, type InputFormat } from '../../../lib/tabular/readers.ts';

/**
 * Worker thread of an import (prepare-thread.ts): reads, maps and validates the file and posts its batches,
 * never more than the importer has asked for, so the thread holds at most one batch ahead.
 */
const { file, format, opts } = workerData as { file: string; format: InputFormat; opts: PrepareOptions };
const port = parentPort!;
let credits = 0;
let wake: (() => void) | undefined;
port.on('message', (m: { credits: number }) => {
  credits += m.credits;
  wake?.();
});

try {
  for await (const batch of prepareBatches(readRows(file, format), opts)) {
    while (credits === 0) await new Promise<void>((r) => (wake = r));
    credits--;
    port.postMessage({ type: 'batch', batch });
  }
  port.postMessage({ type: 'end' });
} catch (err) {
  const e = err as { message?: string; code?: string };
  port.postMessage({ type: 'error', message: String(e?.message ?? err), code: e?.code });
}
port.close();
