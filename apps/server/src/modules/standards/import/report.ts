import { safeCell, sheetBook } from '../../../lib/xlsx.ts';
import type { JobRow } from './job-row.ts';

/**
 * Rejected rows as an XLSX sheet: line, column, value, reason (the first 1000; the job counts all). Values
 * come from the uploaded file, so they are quoted like every other download's text cells. A second sheet says
 * what the import did to the catalogue (docs/decisions/0076): for a failed or interrupted job, which rows were
 * written and which were not.
 */
export async function rejectionWorkbook(job: JobRow, statusLabel: string): Promise<Buffer> {
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

  const about = ws.workbook.addWorksheet('导入说明');
  about.columns = [
    { header: '项目', key: 'k', width: 20 },
    { header: '内容', key: 'v', width: 80 },
  ];
  about.getRow(1).font = { bold: true };
  const rows: [string, string | number][] = [
    ['文件', safeCell(job.file_name)],
    ['状态', statusLabel],
    ['已写入目录的数据行', job.committed_rows],
    ['新增', job.inserted],
    ['更新', job.updated],
    ['未变化', job.unchanged],
    ['被拒绝', job.rejected],
    ['文件内重复', job.duplicates],
  ];
  if (job.error) rows.push(['说明', safeCell(job.error)]);
  for (const [k, v] of rows) about.addRow({ k, v });
  return toBuffer();
}
