import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { normalizeStandardNo, type BatchCheckResultT } from '@zs/shared';
import type { Database } from '../../../db/client.ts';
import { safeCell, sheetBook, standardCells, standardColumns, XLSX_CREATOR } from '../../../lib/xlsx.ts';
import { cellValue } from '../../../lib/tabular/readers.ts';
import { decodeText } from '../../../lib/tabular/encoding.ts';
import { assertZipWithinLimits, LIST_ZIP_LIMITS } from '../../../lib/tabular/zip-guard.ts';
import { searchStandards } from '../search/search.ts';
import type { SearchParams } from '@zs/shared/api/standards';

export const EXPORT_MAX_ROWS = 5_000;
const EXPORT_PAGE = 500;
const safe = safeCell;

/**
 * Search results as an XLSX stream (at most 5,000 rows, fetched 500 at a time and written as they
 * come), so a large export never sits whole in memory.
 */
export function searchWorkbookStream(db: Database, p: SearchParams): Readable {
  const out = new PassThrough();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  wb.creator = XLSX_CREATOR;
  const ws = wb.addWorksheet('检索结果');
  ws.columns = standardColumns(['no', 'name', 'status', 'publish', 'implement', 'by']);
  ws.getRow(1).font = { bold: true };
  ws.getRow(1).commit();
  void (async () => {
    let written = 0;
    for (let page = 1; written < EXPORT_MAX_ROWS; page++) {
      const r = await searchStandards(db, { ...p, page, size: EXPORT_PAGE }, { withTotal: page === 1 });
      for (const s of r.list.slice(0, EXPORT_MAX_ROWS - written)) {
        ws.addRow(standardCells(s)).commit();
        written++;
      }
      if (r.list.length < EXPORT_PAGE) break;
    }
    ws.commit();
    await wb.commit();
  })().catch((err: unknown) => out.destroy(err as Error));
  return out;
}

const RESULT_LABEL = { found: '已找到', missing: '未收录', unparsed: '不是标准号' } as const;

/** The batch validity check as a workbook, one line per input line, in input order. */
export async function checkWorkbook(result: BatchCheckResultT): Promise<Buffer> {
  const { ws, toBuffer } = sheetBook('批量核验', [
    { header: '序号', key: 'line', width: 6 },
    { header: '输入', key: 'input', width: 24 },
    { header: '核验结果', key: 'result', width: 10 },
    ...standardColumns(['no', 'name', 'status', 'implement', 'abolish', 'by'], { name: { width: 44 } }),
    { header: '最接近的编号', key: 'nearest', width: 40 },
  ]);
  for (const l of result.lines) {
    ws.addRow({
      line: l.line,
      input: safe(l.input),
      result: RESULT_LABEL[l.result],
      ...standardCells(l.record),
      nearest: safe(l.nearest.map((n) => n.standardNo).join('；')),
    });
  }
  return toBuffer();
}

/**
 * Numbers out of an uploaded list: XLSX (first sheet) or text/CSV. Per row, the first cell that reads
 * as a standard number, else the row's first cell (reported back as "not a number"); a header row that
 * holds no number is skipped. Text in an encoding encoding.ts does not accept throws EncodingError; a zip that
 * would inflate past LIST_ZIP_LIMITS throws ZipLimitError before ExcelJS loads it (ADR 0077).
 */
export async function numbersFromFile(content: Buffer): Promise<string[]> {
  const rows: string[][] = [];
  if (content.subarray(0, 4).toString('binary') === 'PK\u0003\u0004') {
    await assertZipWithinLimits(content, LIST_ZIP_LIMITS);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(content as unknown as ArrayBuffer);
    wb.worksheets[0]?.eachRow((row) => {
      const vals = (row.values as unknown[]).slice(1).map((v) => String(cellValue(v) ?? ''));
      rows.push(vals);
    });
  } else {
    // UTF-8, UTF-16 with BOM or GB18030/GBK (a list saved by Excel on Chinese Windows); else EncodingError.
    const { text } = decodeText(content);
    for (const line of text.split(/\r?\n/)) rows.push(line.split(/[,\t;，；]/).map((c) => c.replace(/^"|"$/g, '')));
  }
  const out: string[] = [];
  rows.forEach((cells, i) => {
    const trimmed = cells.map((c) => c.trim()).filter(Boolean);
    if (!trimmed.length) return;
    const hit = trimmed.find((c) => normalizeStandardNo(c));
    if (hit) out.push(hit);
    else if (i > 0) out.push(trimmed[0]!);
  });
  return out;
}
