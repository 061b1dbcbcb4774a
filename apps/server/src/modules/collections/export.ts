import ExcelJS from 'exceljs';
import { STANDARD_STATUS_LABELS, type StandardStatus } from '@zs/shared';
import type { CollectedStandard } from './service.ts';

const label = (s: string) => STANDARD_STATUS_LABELS[s as StandardStatus] ?? s;

/**
 * The collected standards as one worksheet: a batch validity check the user can file or forward.
 * Cells are plain strings (dates as YYYY-MM-DD), so no spreadsheet formula can be injected.
 */
export async function collectionsWorkbook(rows: CollectedStandard[], generatedAt: Date): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = '中山市标准信息公共服务平台';
  wb.created = generatedAt;
  const ws = wb.addWorksheet('收藏标准');
  ws.columns = [
    { header: '标准号', key: 'no', width: 22 },
    { header: '标准名称', key: 'name', width: 48 },
    { header: '状态', key: 'status', width: 10 },
    { header: '发布日期', key: 'publish', width: 12 },
    { header: '实施日期', key: 'implement', width: 12 },
    { header: '废止日期', key: 'abolish', width: 12 },
    { header: '被代替标准', key: 'replacedBy', width: 22 },
  ];
  ws.getRow(1).font = { bold: true };
  const safe = (v: string | null) => (v && /^[=+\-@\t\r]/.test(v) ? `'${v}` : (v ?? ''));
  for (const r of rows) {
    ws.addRow({
      no: safe(r.standardNo),
      name: safe(r.nameZh),
      status: label(r.status),
      publish: r.publishDate ?? '',
      implement: r.implementDate ?? '',
      abolish: r.abolishDate ?? '',
      replacedBy: safe(r.replacedBy?.standardNo ?? null),
    });
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
