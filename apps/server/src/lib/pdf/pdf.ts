import fs from 'node:fs';
import path from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import { degrees, PDFDocument, rgb, type PDFFont } from 'pdf-lib';
import { badRequest } from '../envelope.ts';
import { serverRoot } from '../paths.ts';

/**
 * PDF work with pdf-lib: page counting, the visitors' first-pages extract, the download watermark
 * and the demo document. The CJK font is a GB2312 subset of Noto Sans CJK SC (font/OFL.txt);
 * pdf-lib embeds only the glyphs a document uses.
 */
export const FONT_FILE = path.join(serverRoot, 'src/lib/pdf/font/watermark-sans.ttf');
let fontBytes: Buffer | undefined;
const font = () => (fontBytes ??= fs.readFileSync(FONT_FILE));

export const PdfMessages = {
  notPdf: '仅支持 PDF 文件，且文件内容须为 PDF',
  encrypted: 'PDF 文件已加密，请上传未加密的文件',
  broken: 'PDF 文件已损坏或无法解析',
  empty: 'PDF 文件没有页面',
} as const;

export async function loadPdf(bytes: Uint8Array): Promise<PDFDocument> {
  if (Buffer.from(bytes.subarray(0, 5)).toString('latin1') !== '%PDF-') throw badRequest(PdfMessages.notPdf);
  let doc: PDFDocument;
  let pages: number;
  try {
    doc = await PDFDocument.load(bytes, { updateMetadata: false });
    // Garbage after a %PDF- header loads "successfully" and only fails when the page tree is read.
    pages = doc.getPageCount();
  } catch (err) {
    if ((err as Error).name === 'EncryptedPDFError') throw badRequest(PdfMessages.encrypted);
    throw badRequest(PdfMessages.broken);
  }
  if (pages === 0) throw badRequest(PdfMessages.empty);
  return doc;
}

/**
 * A new document holding only pages 1..n. copyPages follows the references of those pages alone,
 * so nothing of the later pages (content streams, their images) reaches the copy.
 */
export async function firstPages(src: PDFDocument, n: number): Promise<Uint8Array> {
  const out = await PDFDocument.create();
  const count = Math.min(n, src.getPageCount());
  const pages = await out.copyPages(
    src,
    Array.from({ length: count }, (_, i) => i),
  );
  for (const p of pages) out.addPage(p);
  out.setProducer('中山市标准信息公共服务平台');
  return out.save();
}

/** Characters the subset font lacks become '?', so an unusual name never breaks the watermark. */
function printable(f: PDFFont, s: string): string {
  const known = new Set(f.getCharacterSet());
  return [...s].map((c) => (known.has(c.codePointAt(0)!) ? c : '?')).join('');
}

/**
 * Stamps every page: a diagonal grid of the identity line at low opacity, and the full line once
 * along the bottom edge, so a leaked copy names the company, the account and the time.
 */
export async function watermark(bytes: Uint8Array, identity: string): Promise<Uint8Array> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  doc.registerFontkit(fontkit);
  const f = await doc.embedFont(font(), { subset: true });
  const text = printable(f, identity);
  const size = 12;
  const width = f.widthOfTextAtSize(text, size);
  for (const page of doc.getPages()) {
    const { width: w, height: h } = page.getSize();
    const stepX = Math.max(width * 0.9, 200);
    for (let y = -h; y < h * 1.5; y += 110) {
      for (let x = -w; x < w * 1.5; x += stepX) {
        page.drawText(text, { x, y, size, font: f, color: rgb(0.55, 0.55, 0.55), opacity: 0.16, rotate: degrees(30) });
      }
    }
    const small = Math.min(8, (8 * (w - 48)) / Math.max(f.widthOfTextAtSize(text, 8), 1));
    page.drawText(text, { x: 24, y: 12, size: small, font: f, color: rgb(0.4, 0.4, 0.4), opacity: 0.8 });
  }
  return doc.save();
}

/** The seeded demo: plainly labelled as such on every page, never presented as a standard's text. */
export function demoPdf(standardNo: string, pages = 5): Promise<Uint8Array> {
  return demoDocument(`示例全文 ${standardNo}`, pages, (line, i) => {
    line('示例全文 — 仅用于演示阅读权限', 760, 22);
    line(`对应标准：${standardNo}`, 720);
    line('本文件由平台自动生成，不是该标准的正式文本。', 690);
    line('访客与未认证用户可在线阅读前 3 页；完成企业认证后可阅读全部页面并下载（带水印）。', 660, 11);
    line(`第 ${i} 页 / 共 ${pages} 页`, 400, 36);
    line(`第 ${i} 页`, 40, 10);
  });
}

/** The seeded training material: a short document saying on every page that it is a demo. */
export function demoTrainingPdf(title: string, pages = 2): Promise<Uint8Array> {
  return demoDocument(`示例培训资料 ${title}`, pages, (line, i) => {
    line('示例培训资料 — 仅用于演示下载与水印', 760, 22);
    line(`对应课程：${title}`, 720);
    line('本文件由平台自动生成，不含真实培训内容。', 690);
    line('完成企业认证后可下载，下载文件带企业名称、用户名与时间水印，每日 30 次。', 660, 11);
    line(`第 ${i} 页 / 共 ${pages} 页`, 400, 36);
  });
}

/** An A4 demo document of `pages` pages in the CJK font; `draw` writes page `i`'s lines (text, y, size). */
async function demoDocument(
  title: string,
  pages: number,
  draw: (line: (text: string, y: number, size?: number) => void, i: number) => void,
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const f = await doc.embedFont(font(), { subset: true });
  doc.setTitle(title);
  doc.setProducer('中山市标准信息公共服务平台（示例）');
  for (let i = 1; i <= pages; i++) {
    const page = doc.addPage([595, 842]);
    draw((s, y, size = 14) => page.drawText(printable(f, s), { x: 60, y, size, font: f }), i);
  }
  return doc.save();
}
