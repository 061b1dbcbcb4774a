// The page images of the document-check bench's scanned PDFs (document-corpus.ts `scanned`), rendered by pdf.js on
// this thread, not the bench's main one: pdf.js's legacy build brings core-js polyfills that replace the process's
// JSON.stringify and JSON.parse on Node 20 (no native JSON.rawJSON), and the bench's main thread is the server's
// request thread, whose answers would then be serialized by those (docs/decisions/0094).
import { parentPort, workerData } from 'node:worker_threads';

const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
const src = await pdfjs.getDocument({
  data: new Uint8Array(workerData),
  isEvalSupported: false,
  disableFontFace: true,
  verbosity: 0,
}).promise;
const pngs = [];
for (let p = 1; p <= src.numPages; p++) {
  const page = await src.getPage(p);
  const viewport = page.getViewport({ scale: 2 });
  const { canvas, context } = src.canvasFactory.create(Math.ceil(viewport.width), Math.ceil(viewport.height));
  await page.render({ canvasContext: context, viewport, canvas }).promise;
  pngs.push(new Uint8Array(canvas.toBuffer('image/png')));
}
await src.destroy();
parentPort.postMessage(pngs);
