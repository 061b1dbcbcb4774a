import { standardStatusLabel } from '@zs/shared';
import { safeCell, sheetBook } from '../../lib/xlsx.ts';
import type { CollectedStandard } from './service.ts';

/**
 * The collected standards as one worksheet: a batch validity check the user can file or forward.
 * Cells are plain strings (dates as YYYY-MM-DD), quoted like every other download's text cells.
 */
export async function collectionsWorkbook(rows: CollectedStandard[], generatedAt: Date): Promise<Buffer> {
  const { ws, toBuffer } = sheetBook(
    '收藏标准',
    [
      { header: '标准号', key: 'no', width: 22 },
      { header: '标准名称', key: 'name', width: 48 },
      { header: '状态', key: 'status', width: 10 },
      { header: '发布日期', key: 'publish', width: 12 },
      { header: '实施日期', key: 'implement', width: 12 },
      { header: '废止日期', key: 'abolish', width: 12 },
      { header: '被代替标准', key: 'replacedBy', width: 22 },
    ],
    generatedAt,
  );
  for (const r of rows) {
    ws.addRow({
      no: safeCell(r.standardNo),
      name: safeCell(r.nameZh),
      status: standardStatusLabel(r.status),
      publish: r.publishDate ?? '',
      implement: r.implementDate ?? '',
      abolish: r.abolishDate ?? '',
      replacedBy: safeCell(r.replacedBy?.standardNo),
    });
  }
  return toBuffer();
}
