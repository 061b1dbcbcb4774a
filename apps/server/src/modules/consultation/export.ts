import { AlignmentType, Document, HeadingLevel, Packer, Paragraph, Table, TableCell, TableRow, TextRun, WidthType } from 'docx';
import type { SummaryRow } from '@zs/shared';
import { safeCell, sheetBook, XLSX_CREATOR } from '../../lib/xlsx.ts';

/** The standard-format 征求意见汇总处理表 (decisions/0081) as XLSX and DOCX, with the same five columns. */
export const SUMMARY_HEADERS = ['序号', '章条编号', '意见内容', '提出单位', '处理意见及理由'] as const;

export async function summaryWorkbook(title: string, rows: SummaryRow[]): Promise<Buffer> {
  const { ws, toBuffer } = sheetBook('征求意见汇总处理表', [
    { header: SUMMARY_HEADERS[0], key: 'index', width: 6 },
    { header: SUMMARY_HEADERS[1], key: 'clause', width: 12 },
    { header: SUMMARY_HEADERS[2], key: 'content', width: 60 },
    { header: SUMMARY_HEADERS[3], key: 'unit', width: 24 },
    { header: SUMMARY_HEADERS[4], key: 'outcome', width: 40 },
  ]);
  for (const r of rows) {
    const row = ws.addRow({
      index: r.index,
      // Text stays text: a clause "5.1" must not become the number 5.1.
      clause: r.clause,
      content: safeCell(r.content),
      unit: safeCell(r.unit),
      outcome: safeCell(r.outcome),
    });
    row.alignment = { wrapText: true, vertical: 'top' };
  }
  ws.headerFooter.oddHeader = `&C${title.replace(/&/g, '&&')} 征求意见汇总处理表`;
  return toBuffer();
}

export async function summaryDocument(title: string, planNo: string, rows: SummaryRow[]): Promise<Buffer> {
  const widths = [8, 14, 46, 20, 30];
  const cell = (text: string, i: number, bold = false) =>
    new TableCell({
      width: { size: widths[i]! * 100, type: WidthType.DXA },
      children: text.split('\n').map((line) => new Paragraph({ children: [new TextRun({ text: line, bold })] })),
    });
  const doc = new Document({
    creator: XLSX_CREATOR,
    title: '征求意见汇总处理表',
    sections: [
      {
        children: [
          new Paragraph({
            heading: HeadingLevel.HEADING_1,
            alignment: AlignmentType.CENTER,
            children: [new TextRun('征求意见汇总处理表')],
          }),
          new Paragraph({ children: [new TextRun({ text: `标准项目名称：${title}（计划号：${planNo}）`, size: 20 })] }),
          new Table({
            width: { size: 100, type: WidthType.PERCENTAGE },
            rows: [
              new TableRow({ tableHeader: true, children: SUMMARY_HEADERS.map((h, i) => cell(h, i, true)) }),
              ...rows.map(
                (r) =>
                  new TableRow({
                    children: [String(r.index), r.clause, r.content, r.unit, r.outcome].map((t, i) => cell(t, i)),
                  }),
              ),
            ],
          }),
        ],
      },
    ],
  });
  return Packer.toBuffer(doc);
}
