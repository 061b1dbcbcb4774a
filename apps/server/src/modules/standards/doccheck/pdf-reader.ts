import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadPdfjs, pdfjsDir } from './pdfjs.ts';
import { DOC_CHECK_MAX_PAGES } from '@zs/shared/api/document-check';
import { DocumentRefused } from './zip.ts';
import { ocrPage, type PdfDoc } from './ocr-page.ts';
import type { ReadDocument, Segment } from './document.ts';

/**
 * PDF through pdf.js's text layer, page by page; pages without one (a scanner's) rendered and read by Debian's
 * tesseract with chi_sim when it is installed (docs/decisions/0079). Runs on the check's worker thread.
 */

/** Pages read by OCR per document: about 1 s each on one core, so a long scan stays within the worker's time. */
export const OCR_MAX_PAGES = 30;
/** Characters under which a page counts as having no text layer (a page number or a running header). */
const SCANNED_BELOW = 12;

let ocrLangs: string | null | undefined;
/**
 * `chi_sim` when tesseract and its Chinese data are installed and pdf.js can render (its optional
 * `@napi-rs/canvas`); null otherwise. Looked up once.
 */
export function ocrLanguages(): string | null {
  if (ocrLangs !== undefined) return ocrLangs;
  try {
    createRequire(path.join(pdfjsDir, 'package.json')).resolve('@napi-rs/canvas');
    const list = execFileSync('tesseract', ['--list-langs'], {
      encoding: 'utf8',
      timeout: 5000,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const langs = list.split(/\s+/);
    // chi_sim alone: its model reads Latin letters and digits too, and with `+eng` Tesseract read whole lines
    // of Chinese as Latin garbage around a number (`FRERDG’TJO8—2177-2015fhW`, bench/document-check.ts).
    ocrLangs = langs.includes('chi_sim') ? 'chi_sim' : null;
  } catch {
    ocrLangs = null;
  }
  return ocrLangs;
}

/**
 * A share of a PDF's pages, read by one of two readers at once (read-thread.ts): pages p with
 * (p - 1) % of === index. A share that meets a scanned page stops and says so; the whole is then read by one.
 */
export interface PageShare {
  of: number;
  index: number;
}

export async function readPdf(bytes: Buffer, tmpDir: string, share?: PageShare): Promise<ReadDocument> {
  const { pdfjs } = await loadPdfjs();
  let doc: PdfDoc;
  try {
    doc = await pdfjs.getDocument({
      data: new Uint8Array(bytes),
      isEvalSupported: false,
      disableFontFace: true,
      useSystemFonts: false,
      verbosity: 0,
      cMapUrl: pathToFileURL(path.join(pdfjsDir, 'cmaps/')).href,
      cMapPacked: true,
      standardFontDataUrl: pathToFileURL(path.join(pdfjsDir, 'standard_fonts/')).href,
    }).promise;
  } catch (err) {
    const name = (err as { name?: string }).name;
    if (name === 'PasswordException') throw new DocumentRefused('PDF 文件已加密（需要密码），请解除密码保护后再上传');
    throw new DocumentRefused('PDF 文件已损坏或无法读取，请重新导出后再上传');
  }
  try {
    if (doc.numPages > DOC_CHECK_MAX_PAGES)
      throw new DocumentRefused(`PDF 超过${DOC_CHECK_MAX_PAGES}页（共${doc.numPages}页），请拆分后再上传`);
    const segments: Segment[] = [];
    const scanned: number[] = [];
    for (let p = 1 + (share?.index ?? 0); p <= doc.numPages; p += share?.of ?? 1) {
      const page = await doc.getPage(p);
      const content = await page.getTextContent();
      // One join a page, not a string grown item by item.
      const parts: string[] = [];
      for (const it of content.items) {
        if (!('str' in it)) continue;
        parts.push(it.str);
        if (it.hasEOL) parts.push('\n');
      }
      const text = parts.join('');
      // A page with little text is a scan only when it shows an image: a short last page is just short.
      if (text.replace(/\s+/g, '').length < SCANNED_BELOW && (await hasImage(page, pdfjs.OPS))) scanned.push(p);
      page.cleanup();
      if (share && scanned.length)
        return { kind: 'pdf', pages: doc.numPages, ocrPages: [], notes: [], segments: [], wholeNeeded: true };
      if (text.trim()) segments.push({ text, page: p, paragraph: null, part: null, ocr: false });
    }
    const notes: string[] = [];
    const ocrPages: number[] = [];
    if (scanned.length) {
      const langs = ocrLanguages();
      if (!langs) {
        if (scanned.length === doc.numPages) {
          throw new DocumentRefused(
            '该 PDF 没有文字层（可能是扫描件），本服务器未安装 OCR（tesseract-ocr 与 chi_sim），无法识别；请上传带文字层的 PDF 或 Word 文档',
          );
        }
        notes.push(`第 ${pageList(scanned)} 页没有文字层（可能是扫描页），本服务器未安装 OCR，这些页未能核查`);
      } else {
        const todo = scanned.slice(0, OCR_MAX_PAGES);
        for (const p of todo) {
          const text = await ocrPage(doc, p, tmpDir, langs);
          ocrPages.push(p);
          if (text.trim()) segments.push({ text, page: p, paragraph: null, part: null, ocr: true });
        }
        segments.sort((a, b) => a.page! - b.page!);
        if (scanned.length > todo.length) {
          notes.push(`扫描页超过 ${OCR_MAX_PAGES} 页，第 ${pageList(scanned.slice(todo.length))} 页未识别，请拆分后分别核查`);
        }
      }
    }
    return { kind: 'pdf', pages: doc.numPages, ocrPages, notes, segments };
  } finally {
    await doc.destroy();
  }
}

async function hasImage(page: Awaited<ReturnType<PdfDoc['getPage']>>, ops: Record<string, number>): Promise<boolean> {
  const images = new Set([
    ops.paintImageXObject,
    ops.paintInlineImageXObject,
    ops.paintImageMaskXObject,
    ops.paintImageXObjectRepeat,
  ]);
  const list = await page.getOperatorList();
  return list.fnArray.some((fn) => images.has(fn));
}

function pageList(pages: number[]): string {
  return pages.length > 12 ? `${pages.slice(0, 12).join('、')} 等 ${pages.length}` : pages.join('、');
}
