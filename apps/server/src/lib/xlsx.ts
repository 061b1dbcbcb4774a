import ExcelJS from 'exceljs';

export const XLSX_CREATOR = '中山市标准信息公共服务平台';

/** Cells starting with a formula character are quoted so no spreadsheet formula can be injected. */
export const safeCell = (v: string | null | undefined) => (v && /^[=+\-@\t\r]/.test(v) ? `'${v}` : (v ?? ''));

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
