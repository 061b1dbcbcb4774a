import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import fontkit from '@pdf-lib/fontkit';
import { afterAll, describe, expect, it } from 'vitest';
import { FONT_FILE } from '../src/lib/pdf/pdf.ts';
import { patchedWorkerSource, pdfjsDir } from '../src/modules/standards/doccheck/pdfjs.ts';

// pdf.js as the document check's readers load it (docs/decisions/0092): the worker module with TextState's clone
// built on the class's prototype, native Array.prototype.push kept. What it reads must not change.

const workerFile = path.join(pdfjsDir, 'legacy/build/pdf.worker.mjs');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zs-pdfjs-test-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Pages of lines in two fonts and sizes, with saved and restored graphics states around each line (q … Q). */
async function mixedPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const cjk = await doc.embedFont(fs.readFileSync(FONT_FILE), { subset: true });
  const latin = await doc.embedFont(StandardFonts.Helvetica);
  for (let p = 1; p <= 3; p++) {
    const page = doc.addPage([595, 842]);
    for (let i = 0; i < 20; i++) {
      const y = 800 - i * 36;
      page.drawText(`第${p}页第${i + 1}行 应符合`, { x: 40, y, size: 12 + (i % 3), font: cjk });
      page.drawText(`GB/T 500${10 + i}-20${10 + p}`, { x: 240, y, size: 10 + (i % 4), font: latin });
      page.drawText('的规定。', { x: 420, y: y - 4, size: 12, font: cjk, rotate: undefined });
    }
  }
  return Buffer.from(await doc.save());
}

describe('pdf.js for the readers', () => {
  it('changes only TextState.clone in the worker module, or nothing when this pdf.js has no such line', () => {
    const src = fs.readFileSync(workerFile, 'utf8');
    const patched = patchedWorkerSource(src);
    if (patched === null) {
      // Another pdf.js: the slow clone must be gone (else the change silently stopped applying).
      expect(src).not.toMatch(
        /class TextState \{[^]*?clone\(\) \{\s*const clone = Object\.assign\(Object\.create\(this\), this\);/,
      );
      return;
    }
    const a = src.split('\n');
    const b = patched.split('\n');
    const changed = a.flatMap((line, i) => (line !== b[i] ? [i] : []));
    // The clone line, and the source map comment at the end (dropped).
    expect(changed).toHaveLength(2);
    expect(b[changed[0]!]).toContain('Object.create(Object.getPrototypeOf(this))');
    expect(a[changed[1]!]).toMatch(/^\/\/# sourceMappingURL=/);
    // The changed clone is TextState's, not another class's.
    expect(patched.lastIndexOf('\nclass ', patched.indexOf('Object.create(Object.getPrototypeOf(this))'))).toBe(
      patched.indexOf('\nclass TextState {'),
    );
    expect(patchedWorkerSource('const clone = Object.assign(Object.create(this), this);')).toBeNull();
  });

  it('reads the same text items, places and fonts with the changed module as with the original', async () => {
    const file = path.join(dir, 'mixed.pdf');
    fs.writeFileSync(file, await mixedPdf());
    // Each reading in its own process: pdf.js keeps its worker module for the life of a thread.
    const script = path.join(dir, 'read.mts');
    fs.writeFileSync(
      script,
      `import fs from 'node:fs';
const original = process.argv[3] === 'original';
let pdfjs;
if (original) {
  pdfjs = await import(${JSON.stringify(pathToFileURL(path.join(pdfjsDir, 'legacy/build/pdf.mjs')).href)});
  await import(${JSON.stringify(pathToFileURL(workerFile).href)});
} else {
  const m = await import(${JSON.stringify(pathToFileURL(path.join(import.meta.dirname, '../src/modules/standards/doccheck/pdfjs.ts')).href)});
  const loaded = await m.loadPdfjs();
  if (loaded.patched !== (process.argv[3] === 'patched')) throw new Error('patched: ' + loaded.patched);
  pdfjs = loaded.pdfjs;
  if (Array.prototype.push.toString().indexOf('[native code]') < 0) throw new Error('push not native');
}
const doc = await pdfjs.getDocument({ data: new Uint8Array(fs.readFileSync(process.argv[2])), isEvalSupported: false, disableFontFace: true, verbosity: 0 }).promise;
const out = [];
for (let p = 1; p <= doc.numPages; p++) out.push((await (await doc.getPage(p)).getTextContent()).items);
process.stdout.write(JSON.stringify(out));
`,
    );
    const read = (how: string) =>
      execFileSync(process.execPath, ['--import', 'tsx', script, file, how], {
        cwd: path.join(import.meta.dirname, '..'),
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      });
    const patched = patchedWorkerSource(fs.readFileSync(workerFile, 'utf8'));
    const original = read('original');
    expect(
      JSON.parse(original)
        .flat()
        .map((i: { str: string }) => i.str)
        .join(''),
    ).toContain('GB/T 50010-2011');
    if (patched !== null) expect(read('patched')).toBe(original);
  }, 60_000);
});
