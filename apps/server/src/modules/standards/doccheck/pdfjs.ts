import fs from 'node:fs';
import os from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * pdf.js for the reader threads (docs/decisions/0092): its legacy build, as Node needs it, with two costs taken
 * out that have nothing to do with what it reads (measured on the bench's 300-page PDF: getTextContent 1.1 s →
 * 0.45 s on one core, RSS −60 MB):
 *
 * - `TextState.clone` makes each clone's prototype the state it clones (`Object.create(this)`), so every `q`
 *   operator turns a fresh object into a prototype, which V8 makes slow and large (a quarter of the text time).
 *   All of a TextState's fields are its own and are copied anyway, so the clone's prototype can be the class's:
 *   the same object, built the fast way. The worker module is loaded with that one line changed; when the line is
 *   not found exactly once (another pdf.js version) the module is loaded unchanged.
 * - Its core-js polyfills replace `Array.prototype.push` with a JavaScript one on Node 20 (for array-likes longer
 *   than 2^32, which pdf.js never makes); every push of the thread then costs a call into it. Native `push` is
 *   put back once both modules are loaded.
 *
 * Runs only on the document check's reader threads: the request thread never loads pdf.js.
 */

export type Pdfjs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');

export const pdfjsDir = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));

const SLOW_CLONE = 'const clone = Object.assign(Object.create(this), this);';
const FAST_CLONE = 'const clone = Object.assign(Object.create(Object.getPrototypeOf(this)), this);';

/** The worker module's source with the fast clone, or null when this pdf.js has no such line in TextState. */
export function patchedWorkerSource(src: string): string | null {
  const at = src.indexOf(SLOW_CLONE);
  if (at < 0 || src.indexOf(SLOW_CLONE, at + 1) >= 0) return null;
  // The line must be TextState's clone (EvalState's takes options and keeps its prototype chain on purpose).
  const cls = src.lastIndexOf('\nclass ', at);
  if (cls < 0 || !src.startsWith('\nclass TextState {', cls)) return null;
  // Its source map comment goes: the map is not copied along (Node, with source maps on as under tsx, would
  // look for it beside the copy), and it is 5 MB a reader would not use.
  return (src.slice(0, at) + FAST_CLONE + src.slice(at + SLOW_CLONE.length)).replace(/\n\/\/# sourceMappingURL=\S*\s*$/, '\n');
}

let loaded: Promise<{ pdfjs: Pdfjs; patched: boolean }> | undefined;

/** pdf.js, loaded once per thread; `patched` says whether the fast clone is in use. */
export function loadPdfjs(): Promise<{ pdfjs: Pdfjs; patched: boolean }> {
  return (loaded ??= (async () => {
    const push = Array.prototype.push;
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const file = path.join(pdfjsDir, 'legacy/build/pdf.worker.mjs');
    // The worker module sets globalThis.pdfjsWorker, which pdf.js's in-thread ("fake") worker then uses instead
    // of importing the module itself. The changed copy is imported from a temporary file, removed once loaded (a
    // data: URL would work too, but the loader keeps the 3 MB URL for good: about 10 MB more per reader). When
    // the copy cannot be written or loaded, the module as installed is used: slower, never unreadable.
    const patched = await importPatched(file).catch(() => false);
    if (!patched) await import(pathToFileURL(file).href);
    if (Array.prototype.push !== push) {
      Object.defineProperty(Array.prototype, 'push', { value: push, writable: true, enumerable: false, configurable: true });
    }
    return { pdfjs, patched };
  })());
}

/** Loads the worker module with the fast clone; false (nothing loaded) when this pdf.js has no such line. */
async function importPatched(file: string): Promise<boolean> {
  const src = patchedWorkerSource(fs.readFileSync(file, 'utf8'));
  if (src === null) return false;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zs-pdfjs-'));
  try {
    const copy = path.join(dir, 'pdf.worker.mjs');
    fs.writeFileSync(copy, src);
    await import(pathToFileURL(copy).href);
    return true;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
