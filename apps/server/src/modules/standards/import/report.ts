import { safeCell, sheetBook } from '../../../lib/xlsx.ts';
import type { JobRow } from './jobs.ts';

/**
 * Rejected rows as an XLSX sheet: line, column, value, reason (the first 1000; the job counts all). Values
 * come from the uploaded file, so they are quoted like every other download's text cells.
 */
export async function rejectionWorkbook(job: JobRow): Promise<Buffer> {
  const { ws, toBuffer } = sheetBook('被拒绝的行', [
    { header: '行号', key: 'line', width: 8 },
    { header: '列', key: 'column', width: 16 },
    { header: '值', key: 'value', width: 30 },
    { header: '原因', key: 'reason', width: 50 },
  ]);
  for (const r of job.rejections)
    ws.addRow({ line: r.line, column: safeCell(r.column), value: safeCell(r.value), reason: safeCell(r.reason) });
  if (job.rejected > job.rejections.length)
    ws.addRow({ reason: `共 ${job.rejected} 行被拒绝，此处列出前 ${job.rejections.length} 行` });
  return toBuffer();
}
