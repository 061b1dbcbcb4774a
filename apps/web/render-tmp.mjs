import fs from 'node:fs';
import { createCanvas } from '@napi-rs/canvas';
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
for (const f of process.argv.slice(2)) {
const doc = await pdfjs.getDocument({ data: new Uint8Array(fs.readFileSync(f)) }).promise;
const page = await doc.getPage(1);
const vp = page.getViewport({ scale: 2 });
const c = createCanvas(vp.width, vp.height);
await page.render({ canvasContext: c.getContext('2d'), viewport: vp, canvas: c }).promise;
fs.writeFileSync(f.replace('.pdf', '.png'), c.toBuffer('image/png'));
}
