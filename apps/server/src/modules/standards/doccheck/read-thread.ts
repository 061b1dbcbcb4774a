import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { badRequest, tooMany } from '../../../lib/envelope.ts';
import type { ReadDocument } from './readers.ts';

/**
 * Reading a document off the request thread (issue 26, docs/decisions/0077): one worker thread per document with
 * a capped heap and a deadline, at most READERS at a time (the machine's cores are the search's too), a short
 * queue behind them. The bytes go to the worker in memory; the temporary folder (OCR page images) is removed
 * before the answer is sent, whatever happens.
 */

/** Documents read at once; more wait in the queue. */
export const READERS = 2;
/** Documents waiting for a reader; more are refused with "busy". */
export const QUEUE_MAX = 20;
/** Old generation of a reader in MB: a 500-page PDF's text and pdf.js's page objects fit well within it. */
export const READER_HEAP_MB = 256;
/** A reader still busy after this is stopped: a PDF that makes pdf.js loop, a very slow OCR. */
export const READ_DEADLINE_MS = 120_000;

let running = 0;
const waiting: (() => void)[] = [];

async function slot(): Promise<() => void> {
  if (running >= READERS) {
    if (waiting.length >= QUEUE_MAX) throw tooMany('当前核查的文档较多，请稍后再试');
    await new Promise<void>((r) => waiting.push(r));
  } else {
    running++;
  }
  return () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };
}

export async function readInWorker(bytes: Buffer, name: string | null, deadlineMs = READ_DEADLINE_MS): Promise<ReadDocument> {
  const release = await slot();
  const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zs-doccheck-'));
  const entry = workerEntry();
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  const worker = new Worker(entry.file, {
    workerData: { bytes: copy, name, tmpDir },
    transferList: [copy.buffer],
    eval: entry.eval,
    resourceLimits: { maxOldGenerationSizeMb: READER_HEAP_MB, maxYoungGenerationSizeMb: 32 },
  });
  try {
    return await new Promise<ReadDocument>((resolve, reject) => {
      const timer = setTimeout(() => reject(badRequest('文件读取超时（内容过于复杂或页数过多），请拆分后再上传')), deadlineMs);
      const done = (fn: () => void) => {
        clearTimeout(timer);
        fn();
      };
      worker.on('message', (m: { type: 'done'; doc: ReadDocument } | { type: 'refused'; message: string }) =>
        done(() => (m.type === 'done' ? resolve(m.doc) : reject(badRequest(m.message)))),
      );
      worker.on('error', (err: Error & { code?: string }) =>
        done(() =>
          reject(
            badRequest(
              err.code === 'ERR_WORKER_OUT_OF_MEMORY'
                ? '文件内容过大，读取时超出内存上限，请拆分后再上传'
                : '无法读取该文件（文件可能已损坏），请检查后重新上传',
            ),
          ),
        ),
      );
      worker.on('exit', () => done(() => reject(badRequest('无法读取该文件（文件可能已损坏），请检查后重新上传'))));
    });
  } finally {
    worker.removeAllListeners();
    await worker.terminate();
    fs.rmSync(tmpDir, { recursive: true, force: true });
    release();
  }
}

/**
 * The worker's script: `doccheck-worker.js` next to the compiled bundle (scripts/build.mjs), or from the sources
 * the .ts file beside this one loaded through tsx, as prepare-thread.ts does for the import.
 */
let entry: { file: string; eval?: boolean } | undefined;
function workerEntry(): { file: string; eval?: boolean } {
  return (entry ??= findWorkerEntry());
}

function findWorkerEntry(): { file: string; eval?: boolean } {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.ts')) {
    const pkg = createRequire(import.meta.url).resolve('tsx/package.json');
    const exported = (JSON.parse(fs.readFileSync(pkg, 'utf8')) as { exports: Record<string, { import: { default: string } }> })
      .exports['./esm/api']!.import.default;
    const api = pathToFileURL(path.join(path.dirname(pkg), exported)).href;
    const script = pathToFileURL(path.join(path.dirname(here), 'read-worker.ts')).href;
    return {
      file: `import(${JSON.stringify(api)}).then(({ tsImport }) => tsImport(${JSON.stringify(script)}, ${JSON.stringify(import.meta.url)}))`,
      eval: true,
    };
  }
  for (let dir = path.dirname(here), i = 0; i < 3; dir = path.dirname(dir), i++) {
    const file = path.join(dir, 'doccheck-worker.js');
    if (fs.existsSync(file)) return { file };
  }
  throw new Error(`cannot find doccheck-worker.js above ${here}`);
}
