import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { badRequest, tooMany } from '../../../lib/envelope.ts';
import { workerEntry, type WorkerEntry } from '../../../lib/worker-entry.ts';
import type { ReadDocument } from './readers.ts';
import type { PageShare } from './pdf-reader.ts';
import type { Segment } from './document.ts';
import type { FoundText } from './find.ts';

/**
 * Reading documents off the request thread (issue 26, docs/decisions/0079): READERS worker threads, each with a
 * capped heap, started on first use and kept warm (pdf.js loads once), one document at a time each, a short
 * queue behind them. A reader past its deadline (a PDF that makes pdf.js loop), out of memory or crashed is
 * stopped and replaced. The bytes go to the worker in memory; the temporary folder (OCR page images) is removed
 * before the answer is sent, whatever happens.
 */

/** Documents read at once; more wait in the queue (the machine's cores serve the search too). */
export const READERS = 2;
/** Documents waiting for a reader; more are refused with "busy" (QUEUE_FULL, Retry-After). */
export const QUEUE_MAX = 20;
/**
 * Bytes of the documents waiting, at most: twenty 20 MB uploads would hold 400 MB in memory while they wait
 * (docs/decisions/0092); past this a document is refused as when the queue is full.
 */
export const QUEUE_MAX_BYTES = 64 * 1024 * 1024;
let queueMax = QUEUE_MAX;
let queueMaxBytes = QUEUE_MAX_BYTES;
/** The queue's length and bytes (tests fill it without twenty slow documents). */
export function setReaderQueueMax(n: number, bytes = QUEUE_MAX_BYTES): void {
  queueMax = n;
  queueMaxBytes = bytes;
}
/**
 * Old generation of a reader in MB. pdf.js reading a 300-page PDF keeps about 50 MB of heap (measured in a plain
 * process, 2026-11-26); the cap stops a reader from letting garbage pile up to hundreds of MB before collecting.
 */
export const READER_HEAP_MB = 128;
/** Old generation of a reader run from the TypeScript sources through tsx (not the compiled server's). */
const READER_HEAP_FROM_SOURCES_MB = 256;
/** Young generation of a reader in MB (V8's default for a worker is 16; more only grows the resident set). */
const READER_YOUNG_MB = 16;
/** A reader still busy after this is stopped: a PDF that makes pdf.js loop, a very slow OCR. */
export const READ_DEADLINE_MS = 120_000;

/** Seconds a refused client is told to wait (Retry-After): about the time the queue takes to move on. */
export const RETRY_AFTER_S = 30;
export const QUEUE_FULL = `当前核查的文档较多（排队已满），请 ${RETRY_AFTER_S} 秒后再试`;
/** A wait in the queue longer than this is told in the answer's notes. */
const QUEUED_NOTE_MS = 1000;

const UNREADABLE = '无法读取该文件（文件可能已损坏），请检查后重新上传';
type Reply =
  | { id: number; type: 'done'; doc: ReadDocument }
  | { id: number; type: 'found'; found: FoundText }
  | { id: number; type: 'refused'; message: string }
  | { id: number; type: 'warm' };

class Reader {
  private worker: Worker | undefined;
  busy = false;

  /** Reads one document; a reader that fails is replaced on its next use. */
  read(bytes: Uint8Array, name: string | null, tmpDir: string, deadlineMs: number, share?: PageShare): Promise<ReadDocument> {
    return this.run<ReadDocument>({ bytes, name, tmpDir, share }, [bytes.buffer as ArrayBuffer], deadlineMs);
  }

  /** The citations of a PDF read in shares, put together (find.ts), found off the request thread. */
  find(segments: Segment[], deadlineMs: number): Promise<FoundText> {
    return this.run<FoundText>({ segments }, [], deadlineMs);
  }

  /**
   * Starts this reader's thread if it is not running and has it load pdf.js and read a small PDF (warm-pdf.ts),
   * without holding it (a document may arrive meanwhile: its reading waits for the same load). Resolves when done
   * or when the thread has gone.
   */
  warm(): Promise<void> {
    const worker = (this.worker ??= this.start());
    const id = Math.random();
    return new Promise<void>((resolve) => {
      const done = () => {
        worker.off('message', onMessage);
        worker.off('exit', done);
        resolve();
      };
      const onMessage = (m: Reply) => {
        if (m.id === id) done();
      };
      worker.on('message', onMessage);
      worker.on('exit', done);
      worker.postMessage({ id, warm: true });
    });
  }

  get started(): boolean {
    return this.worker !== undefined;
  }

  /** One job on this reader's thread; `busy` is the pool's (acquire, release), not set here. */
  private async run<T>(job: object, transfer: ArrayBuffer[], deadlineMs: number): Promise<T> {
    const worker = (this.worker ??= this.start());
    const id = Math.random();
    return new Promise<T>((resolve, reject) => {
      const stop = (err: Error) => {
        // The worker is in an unknown state (looping, out of memory, dead): the next document gets a new one.
        this.worker = undefined;
        void worker.terminate();
        reject(err);
      };
      const timer = setTimeout(() => stop(badRequest('文件读取超时（内容过于复杂或页数过多），请拆分后再上传')), deadlineMs);
      const onMessage = (m: Reply) => {
        if (m.id !== id) return;
        cleanup();
        if (m.type === 'done') resolve(m.doc as T);
        else if (m.type === 'found') resolve(m.found as T);
        else if (m.type === 'refused') reject(badRequest(m.message));
      };
      const onError = (err: Error & { code?: string }) => {
        cleanup();
        stop(
          badRequest(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? '文件内容过大，读取时超出内存上限，请拆分后再上传' : UNREADABLE),
        );
      };
      const onExit = () => {
        cleanup();
        stop(badRequest(UNREADABLE));
      };
      const cleanup = () => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
      };
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      worker.postMessage({ id, ...job }, transfer);
    });
  }

  private start(): Worker {
    const w = startWorker();
    // A reader that dies between documents is replaced on the next one.
    w.once('exit', () => {
      if (this.worker === w) this.worker = undefined;
    });
    return w;
  }

  async close() {
    const w = this.worker;
    this.worker = undefined;
    await w?.terminate();
  }
}

const readers = Array.from({ length: READERS }, () => new Reader());
const waiting: ((r: Reader) => void)[] = [];
/** Bytes of the documents waiting in the queue (each is held in memory until a reader takes it). */
let waitingBytes = 0;

const queueFull = () => Object.assign(tooMany(QUEUE_FULL), { retryAfterSeconds: RETRY_AFTER_S });

/**
 * Refuses at once (before the upload is read) when a document arriving now would be refused anyway: both readers
 * busy and the queue full. The same check as `acquire`'s, so an upload is not held in memory only to be refused.
 */
export function assertReaderRoom(bytes = 0): void {
  if (readers.some((r) => !r.busy)) return;
  if (waiting.length >= queueMax || waitingBytes + bytes > queueMaxBytes) throw queueFull();
}

async function acquire(bytes: number): Promise<Reader> {
  const free = readers.find((r) => !r.busy);
  if (free) {
    free.busy = true;
    return free;
  }
  assertReaderRoom(bytes);
  waitingBytes += bytes;
  const reader = await new Promise<Reader>((resolve) => waiting.push(resolve));
  waitingBytes -= bytes;
  return reader;
}

function release(r: Reader) {
  const next = waiting.shift();
  if (next) {
    r.busy = true;
    next(r);
  } else {
    r.busy = false;
  }
}

/** A PDF at least this large (about 60 pages of text) is read by both readers at once, when both are free (half the pages each). */
export const SHARE_MIN_BYTES = 100 * 1024;

/** Both readers, when both are free and nobody waits: a large PDF is then read in two shares at once. */
function acquireBoth(): Reader[] | undefined {
  const free = readers.filter((r) => !r.busy);
  if (waiting.length || free.length < 2) return undefined;
  const pair = free.slice(0, 2);
  for (const r of pair) r.busy = true;
  return pair;
}

function copyOf(bytes: Buffer): Uint8Array {
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  return copy;
}

/** One document (or one share of a PDF's pages) on a reader the caller holds; its temporary folder removed after. */
async function readWith(reader: Reader, bytes: Buffer, name: string | null, deadlineMs: number, share?: PageShare) {
  const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zs-doccheck-'));
  try {
    return await reader.read(copyOf(bytes), name, tmpDir, deadlineMs, share);
  } finally {
    fs.rmSync(tmpDir, { recursive: true, force: true });
  }
}

/**
 * A large PDF read by two readers at once, odd and even pages (pdf.js is single-threaded and most of a
 * text PDF's time: a 300-page one's reading halves on two cores); the pages put together are then searched for
 * citations by one of the two, still held. Undefined when it cannot be shared: the readers are not both free, or
 * a share met a scanned page (OCR is done by one reader for the whole).
 */
async function readShared(bytes: Buffer, name: string | null, deadlineMs: number): Promise<ReadDocument | undefined> {
  if (bytes.byteLength < SHARE_MIN_BYTES || !bytes.subarray(0, 1024).includes('%PDF-')) return undefined;
  const pair = acquireBoth();
  if (!pair) return undefined;
  try {
    const settled = await Promise.allSettled(pair.map((r, index) => readWith(r, bytes, name, deadlineMs, { of: 2, index })));
    const parts = settled.map((s) => {
      if (s.status === 'rejected') throw s.reason;
      return s.value;
    });
    if (parts.some((d) => d.wholeNeeded || d.kind !== 'pdf')) return undefined;
    const segments = parts.flatMap((d) => d.segments).sort((a, b) => a.page! - b.page!);
    return { ...parts[0]!, segments: [], found: await pair[0]!.find(segments, deadlineMs) };
  } finally {
    for (const r of pair) release(r);
  }
}

export async function readInWorker(bytes: Buffer, name: string | null, deadlineMs = READ_DEADLINE_MS): Promise<ReadDocument> {
  const shared = await readShared(bytes, name, deadlineMs);
  if (shared) return shared;
  const queued = performance.now();
  const reader = await acquire(bytes.byteLength);
  const waited = performance.now() - queued;
  let doc: ReadDocument;
  try {
    doc = await readWith(reader, bytes, name, deadlineMs);
  } finally {
    release(reader);
  }
  if (waited > QUEUED_NOTE_MS) {
    doc.notes.unshift(`同时核查的文档较多，本文档排队中等候了 ${Math.round(waited / 1000)} 秒后开始读取`);
  }
  return doc;
}

/**
 * Starts the readers now, each loading pdf.js and reading a small PDF (DOCCHECK_WARM_READERS, docs/decisions/0102):
 * the first check after a start otherwise pays their cold start (the 300-page PDF's first run 1.8–3.6 s against
 * 0.8–1.7 s for the next, on a loaded 2-core machine). About 175 MB of RSS held from the start.
 */
export async function warmReaders(): Promise<void> {
  await Promise.all(readers.map((r) => r.warm()));
}

/** How many reader threads are running. */
export function readersStarted(): number {
  return readers.filter((r) => r.started).length;
}

/** Stops the reader threads (the app's close). */
export async function closeReaders(): Promise<void> {
  await Promise.all(readers.map((r) => r.close()));
}

function startWorker(): Worker {
  const entry = readerEntry();
  const w = new Worker(entry.file, {
    eval: entry.eval,
    resourceLimits: {
      // From the sources (tests, development) tsx compiles the modules inside the thread and turns source maps on:
      // a reader then needs more than 128 MB only to load pdf.js (measured: out of memory at 112 MB).
      maxOldGenerationSizeMb: entry.eval ? READER_HEAP_FROM_SOURCES_MB : READER_HEAP_MB,
      maxYoungGenerationSizeMb: READER_YOUNG_MB,
    },
  });
  // An idle reader does not keep the process alive.
  w.unref();
  return w;
}

/** The worker's script (lib/worker-entry.ts): `doccheck-worker.js` in the compiled server, read-worker.ts from the sources. */
let entry: WorkerEntry | undefined;

/** Runs the readers from a compiled worker script (the bench measures the production build's memory with it). */
export function useWorkerScript(file: string): void {
  entry = { file };
}

function readerEntry(): WorkerEntry {
  return (entry ??= workerEntry(import.meta.url, 'read-worker.ts', 'doccheck-worker.js'));
}
