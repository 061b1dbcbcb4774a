import { Worker } from 'node:worker_threads';
import { workerEntry, type WorkerEntry } from '../../../lib/worker-entry.ts';
import type { PreparedBatch, PrepareOptions } from './prepare.ts';
import type { InputFormat } from '../../../lib/tabular/readers.ts';

/** The worker's young generation in MB (V8 gives a worker 16 by default); 48 measured fastest (docs/decisions/0046). */
const YOUNG_MB = 48;

/**
 * The worker's old generation in MB, by format (docs/decisions/0074). A CSV or JSON record is
 * capped at MAX_RECORD_CHARS and the worker holds two batches, so it keeps a few MB alive; left to V8's default
 * limit it let garbage pile up to about 230 MB of RSS before collecting, and 128 costs no measurable speed. An
 * XLSX keeps its shared-strings table, which grows with the file: that format keeps V8's default.
 */
const OLD_GENERATION_MB: Record<InputFormat, number | undefined> = { csv: 128, json: 128, xlsx: undefined };

/**
 * The batches of a file, prepared on a worker thread (prepare-worker.ts) while this thread and the database
 * write the previous ones (docs/decisions/0046). The worker runs at most one batch ahead of the batch being
 * written; leaving the loop early, or an error on either side, ends it.
 */
export async function* preparedInWorker(
  file: string,
  format: InputFormat,
  opts: PrepareOptions,
  oldGenerationMb = OLD_GENERATION_MB[format],
): AsyncGenerator<PreparedBatch> {
  const entry = preparerEntry();
  const worker = new Worker(entry.file, {
    workerData: { file, format, opts },
    eval: entry.eval,
    // Every row is garbage within a batch: a larger young generation collects it in fewer, cheaper scavenges.
    resourceLimits: {
      maxYoungGenerationSizeMb: YOUNG_MB,
      ...(oldGenerationMb ? { maxOldGenerationSizeMb: oldGenerationMb } : {}),
    },
  });
  type Message = { type: 'batch'; batch: PreparedBatch } | { type: 'end' } | { type: 'error'; message: string; code?: string };
  const inbox: Message[] = [];
  let failure: Error | undefined;
  let wake: (() => void) | undefined;
  const push = () => {
    wake?.();
    wake = undefined;
  };
  worker.on('message', (m: Message) => {
    inbox.push(m);
    push();
  });
  worker.on('error', (err: Error & { code?: string }) => {
    failure = err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? outOfMemory(oldGenerationMb) : err;
    push();
  });
  worker.on('exit', (code) => {
    failure ??= new Error(`导入工作线程意外退出（代码 ${code}）`);
    push();
  });
  // One batch being written, one being prepared.
  worker.postMessage({ credits: 2 });
  try {
    for (;;) {
      const m = inbox.shift();
      if (!m) {
        if (failure) throw failure;
        await new Promise<void>((r) => (wake = r));
        continue;
      }
      if (m.type === 'end') return;
      if (m.type === 'error') throw Object.assign(new Error(m.message), m.code ? { code: m.code } : {});
      worker.postMessage({ credits: 1 });
      yield m.batch;
    }
  } finally {
    worker.removeAllListeners('exit');
    await worker.terminate();
  }
}

function outOfMemory(limitMb: number | undefined): Error {
  const limit = limitMb ? `（上限 ${limitMb} MB）` : '';
  return Object.assign(new Error(`导入线程内存不足${limit}，请检查文件中是否有异常大的记录，或拆分文件后再导入`), {
    code: 'ERR_WORKER_OUT_OF_MEMORY',
  });
}

/** The worker's script (lib/worker-entry.ts): `import-worker.js` in the compiled server, prepare-worker.ts from the sources. */
let entry: WorkerEntry | undefined;
function preparerEntry(): WorkerEntry {
  // The same for every import of this process: looked up once.
  return (entry ??= workerEntry(import.meta.url, 'prepare-worker.ts', 'import-worker.js'));
}
