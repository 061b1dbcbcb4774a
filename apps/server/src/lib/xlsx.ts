import ExcelJS from 'exceljs';
import { standardStatusLabel } from '@zs/shared';

export const XLSX_CREATOR = '中山市标准信息公共服务平台';

/**
 * A download's cell (ADR 0077): a number stays a number, and so does a text that is exactly a number ("-5",
 * "+3", "12.5": Number() gives it back digit for digit, so no leading zero or 16th digit is lost); any other
 * text starting with a formula character (= + - @ tab CR) gets a leading `'`, so no formula can be injected
 * when the sheet is opened, retyped or saved as CSV. Only text is ever changed.
 */
export function safeCell(v: string | number | null | undefined): string | number {
  if (typeof v === 'number') return Number.isFinite(v) ? v : String(v);
  if (!v) return '';
  const n = exactNumber(v);
  if (n !== null) return n;
  return /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
}

const NUMBER_TEXT = /^[+-]?(?:\d+(?:\.\d+)?|\.\d+)$/;

/** The number a text spells exactly (String of it gives the same text, a leading + aside), else null. */
export function exactNumber(text: string): number | null {
  if (!NUMBER_TEXT.test(text)) return null;
  const n = Number(text);
  return Number.isFinite(n) && String(n) === text.replace(/^\+/, '') ? n : null;
}

/** An in-memory workbook with one sheet, its columns and a bold header row (every download's layout). */
export function sheetBook(sheet: string, columns: Partial<ExcelJS.Column>[], created?: Date) {
  const wb = new ExcelJS.Workbook();
  wb.creator = XLSX_CREATOR;
  if (created) wb.created = created;
  const ws = wb.addWorksheet(sheet);
  ws.columns = columns;
  ws.getRow(1).font = { bold: true };
  return { ws, toBuffer: async () => Buffer.from(await wb.xlsx.writeBuffer()) };
}

/** The fields of a standard that its download rows show; every list view of a standard has them. */
type StandardCells = {
  standardNo: string;
  nameZh: string;
  status: string;
  publishDate?: string | null;
  implementDate?: string | null;
  abolishDate?: string | null;
  replacedBy?: { standardNo: string } | null;
};

/**
 * A standard's row cells, keyed like `standardColumns`: text through safeCell, status in words, dates as stored
 * (YYYY-MM-DD). No standard (a line that matched nothing) gives empty cells. Keys a sheet has no column
 * for are ignored by ExcelJS.
 */
export const standardCells = (s: StandardCells | null | undefined) => ({
  no: safeCell(s?.standardNo),
  name: safeCell(s?.nameZh),
  status: standardStatusLabel(s?.status),
  publish: s?.publishDate ?? '',
  implement: s?.implementDate ?? '',
  abolish: s?.abolishDate ?? '',
  by: safeCell(s?.replacedBy?.standardNo),
});

const STANDARD_HEADERS = {
  no: '标准号',
  name: '标准名称',
  status: '状态',
  publish: '发布日期',
  implement: '实施日期',
  abolish: '废止日期',
  by: '代替它的标准',
};
const STANDARD_WIDTHS = { no: 24, name: 48, status: 10, publish: 12, implement: 12, abolish: 12, by: 24 };
type StandardKey = keyof typeof STANDARD_HEADERS;

/** Columns for `standardCells`, in the order given; `adjust` changes one sheet's width or header of a column. */
export const standardColumns = (
  keys: StandardKey[],
  adjust: Partial<Record<StandardKey, Partial<ExcelJS.Column>>> = {},
): Partial<ExcelJS.Column>[] =>
  keys.map((key) => ({ header: STANDARD_HEADERS[key], key, width: STANDARD_WIDTHS[key], ...adjust[key] }));
