import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { extractCitations } from './extract.ts';
import { repairOcr } from './ocr-repair.ts';

/**
 * OCR of one scanned page (docs/decisions/0079, amended 2026-11-26): rendered at 300 dpi, read by Tesseract
 * (chi_sim, automatic page segmentation) with the text and each line's box; then a second pass over the lines
 * that hold something number-like the grammar cannot read (`GTJ08 22902019`): each such line cut out and read
 * again as a single line (page segmentation 7), which reads it cleanly far more often than the page pass. The
 * second reading replaces the first only when the grammar finds more dated numbers in it.
 */

export type PdfDoc = Awaited<ReturnType<(typeof import('pdfjs-dist/legacy/build/pdf.mjs'))['getDocument']>['promise']>;

/** Lines read again per page: a page of a 规范性引用文件 list has about 30 lines, most of them read right. */
const SECOND_PASS_MAX = 10;

export async function ocrPage(doc: PdfDoc, p: number, tmpDir: string, langs: string): Promise<string> {
  const page = await doc.getPage(p);
  // 300 dpi: at 200 Tesseract reads a dash before the year as 一 noticeably more often (bench/document-check.ts).
  const viewport = page.getViewport({ scale: 300 / 72 });
  const factory = (doc as unknown as { canvasFactory: CanvasFactory }).canvasFactory;
  const page1 = factory.create(Math.ceil(viewport.width), Math.ceil(viewport.height));
  const files: string[] = [];
  try {
    await page.render({ canvasContext: page1.context, viewport, canvas: page1.canvas } as unknown as Parameters<
      typeof page.render
    >[0]).promise;
    page.cleanup();
    const png = path.join(tmpDir, `page-${p}.png`);
    const base = path.join(tmpDir, `page-${p}`);
    files.push(png, `${base}.txt`, `${base}.tsv`);
    fs.writeFileSync(png, page1.canvas.toBuffer('image/png'));
    if ((await tesseract([png, base, '-l', langs, 'txt', 'tsv'])) === null) return '';
    const lines = fs.readFileSync(`${base}.txt`, 'utf8').split('\n');
    const suspects = lines.flatMap((l, i) => (numberLike(l) && dated(l) === 0 ? [i] : [])).slice(0, SECOND_PASS_MAX);
    if (suspects.length) {
      const boxes = lineBoxes(fs.readFileSync(`${base}.tsv`, 'utf8'));
      for (const i of suspects) {
        const box = boxes.get(compact(lines[i]!));
        if (!box) continue;
        const again = await readLine(factory, page1, box, path.join(tmpDir, `page-${p}-line-${i}.png`), langs, files);
        if (again && dated(again) > dated(lines[i]!)) lines[i] = again;
      }
    }
    return ocrLines(lines.join('\n'));
  } finally {
    factory.destroy(page1);
    for (const f of files) fs.rmSync(f, { force: true });
  }
}

/** Tesseract's text as the grammar reads it: the blank line it puts between blocks taken out (a number, a list
 * or a title and its number broken across lines stay one), dashes read as 一 made dashes again. */
export function ocrLines(text: string): string {
  return ocrDashes(text.replace(/\n[ \t]*(?:\n[ \t]*)+/g, '\n'));
}

/** Tesseract's chi_sim reads a dash between digits (`67—2019`) as the character 一: a dash again. */
export function ocrDashes(text: string): string {
  return text.replace(/(\d)[ \t]*一[ \t]*(?=\d)/g, '$1-');
}

/** A run of Latin letters, digits and signs with a capital and at least six digits: a number, perhaps misread. */
function numberLike(line: string): boolean {
  return (line.match(/[A-Za-z0-9~’‘'`\\|/.\-一—－– ]{6,}/g) ?? []).some(
    (run) => /[A-Z]/.test(run) && (run.match(/\d/g)?.length ?? 0) >= 6,
  );
}

/** Dated numbers the grammar reads in a line, after the OCR repairs. */
function dated(line: string): number {
  return extractCitations(repairOcr(ocrDashes(line))).filter((c) => c.no?.year).length;
}

const compact = (s: string) => s.replace(/\s+/g, '');

interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * Each line of Tesseract's TSV by its words run together (the key its text line has too), with a box made from
 * its words: from the first word's left to the last word's right, the median word's top and height (a line's
 * own box is sometimes stretched by a misread word into the lines around it).
 */
function lineBoxes(tsv: string): Map<string, Box> {
  const lines = new Map<string, { words: string[]; boxes: Box[] }>();
  for (const row of tsv.split('\n').slice(1)) {
    const c = row.split('\t');
    if (c.length < 12 || c[0] !== '5') continue;
    const key = c.slice(1, 5).join('.');
    const line = lines.get(key) ?? { words: [], boxes: [] };
    line.words.push(c[11]!);
    line.boxes.push({ left: +c[6]!, top: +c[7]!, width: +c[8]!, height: +c[9]! });
    lines.set(key, line);
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const out = new Map<string, Box>();
  for (const l of lines.values()) {
    const left = Math.min(...l.boxes.map((b) => b.left));
    const right = Math.max(...l.boxes.map((b) => b.left + b.width));
    out.set(compact(l.words.join('')), {
      left,
      top: median(l.boxes.map((b) => b.top)),
      width: right - left,
      height: median(l.boxes.map((b) => b.height)),
    });
  }
  return out;
}

/** One line cut from the page (a margin around it) and read as a single line. */
async function readLine(
  factory: CanvasFactory,
  page: Drawn,
  box: Box,
  png: string,
  langs: string,
  files: string[],
): Promise<string | null> {
  // Wider at the sides: the page pass may have dropped a line's first letters from its box (`GTJ08` for
  // `DG/TJ08`); a few characters' width brings them back without reaching a neighbouring column.
  const mx = Math.round(2.5 * Math.min(box.height, 80));
  const my = Math.round(box.height / 2);
  const w = box.width + 2 * mx;
  const h = box.height + 2 * my;
  const cut = factory.create(w, h);
  try {
    const ctx = cut.context as CanvasContext;
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, w, h);
    const sx = Math.max(0, box.left - mx);
    const sy = Math.max(0, box.top - my);
    ctx.drawImage(page.canvas, sx, sy, w, h, sx - (box.left - mx), sy - (box.top - my), w, h);
    files.push(png);
    fs.writeFileSync(png, cut.canvas.toBuffer('image/png'));
  } finally {
    factory.destroy(cut);
  }
  const out = await tesseract([png, '-', '-l', langs, '--psm', '7']);
  return out === null ? null : out.trim();
}

function tesseract(args: string[]): Promise<string | null> {
  return new Promise((resolve) => {
    execFile('tesseract', args, { timeout: 60_000, maxBuffer: 8 * 1024 * 1024 }, (err, stdout) => resolve(err ? null : stdout));
  });
}

interface Drawn {
  canvas: { toBuffer(type: string): Buffer };
  context: unknown;
}
interface CanvasContext {
  fillStyle: string;
  fillRect(x: number, y: number, w: number, h: number): void;
  drawImage(src: unknown, sx: number, sy: number, sw: number, sh: number, dx: number, dy: number, dw: number, dh: number): void;
}
interface CanvasFactory {
  create(w: number, h: number): Drawn;
  destroy(c: Drawn): void;
}
