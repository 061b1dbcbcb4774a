import { sheetBook, standardCells, standardColumns } from '../../lib/xlsx.ts';
import type { CollectedStandard } from './service.ts';

/**
 * The collected standards as one worksheet: a batch validity check the user can file or forward.
 * Cells are plain strings (dates as YYYY-MM-DD), quoted like every other download's text cells.
 */
export async function collectionsWorkbook(rows: CollectedStandard[], generatedAt: Date): Promise<Buffer> {
  const { ws, toBuffer } = sheetBook(
    '收藏标准',
    standardColumns(['no', 'name', 'status', 'publish', 'implement', 'abolish', 'by'], {
      no: { width: 22 },
      by: { header: '被代替标准', width: 22 },
    }),
    generatedAt,
  );
  for (const r of rows) ws.addRow(standardCells(r));
  return toBuffer();
}
