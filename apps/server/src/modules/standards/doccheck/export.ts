import { AlignmentType, Document, HeadingLevel, Packer, Paragraph, Table, TableCell, TableRow, TextRun, WidthType } from 'docx';
import { DOC_VERDICT_LABELS, type DocCitationT } from '@zs/shared/api/document-check';
import { safeCell, sheetBook, XLSX_CREATOR } from '../../../lib/xlsx.ts';

/** The two downloads of a document check (docs/document-check.md): the annotated list and a 编制依据 table. */

const placeOf = (c: DocCitationT) =>
  [c.page ? `第${c.page}页` : null, c.part, c.paragraph ? `第${c.paragraph}段` : null, c.ocr ? 'OCR' : null]
    .filter(Boolean)
    .join(' ');

const verdictText = (c: DocCitationT) => DOC_VERDICT_LABELS[c.verdict] + (c.titleMismatch ? '（名称不符）' : '');

/** Every citation in document order with its place, the record matched, the verdict and what to do. */
export async function citationsWorkbook(citations: DocCitationT[]): Promise<Buffer> {
  const { ws, toBuffer } = sheetBook('文档核查', [
    { header: '序号', key: 'index', width: 6 },
    { header: '位置', key: 'place', width: 16 },
    { header: '原文写法', key: 'text', width: 36 },
    { header: '核查结论', key: 'verdict', width: 14 },
    { header: '匹配标准编号', key: 'no', width: 22 },
    { header: '标准名称', key: 'name', width: 36 },
    { header: '实施日期', key: 'implement', width: 12 },
    { header: '现行版本', key: 'current', width: 22 },
    { header: '说明', key: 'note', width: 50 },
    { header: '上下文', key: 'context', width: 60 },
    { header: '最接近的编号', key: 'nearest', width: 30 },
  ]);
  for (const c of citations) {
    ws.addRow({
      index: c.index,
      place: placeOf(c),
      text: safeCell(c.text),
      verdict: verdictText(c),
      no: safeCell(c.standardNo),
      name: safeCell(c.nameZh),
      implement: c.implementDate ?? '',
      current: safeCell((c.replacedBy ?? c.inForce)?.standardNo ?? ''),
      note: safeCell(c.note),
      context: safeCell(c.context),
      nearest: safeCell(c.nearest.map((n) => n.standardNo).join('；')),
    });
  }
  return toBuffer();
}

/**
 * The 编制依据 table: each standard once, in the order first cited, with its title and number as the catalogue
 * has them (the cited spelling when it is not in the catalogue), its status, and the edition in force suggested
 * where the cited one is superseded or its year is missing.
 */
export async function basisDocument(citations: DocCitationT[], name: string | null): Promise<Buffer> {
  const seen = new Set<string>();
  const rows: string[][] = [];
  for (const c of citations) {
    const key = c.standardNo ?? c.cited ?? c.citedTitle ?? c.text;
    if (seen.has(key)) continue;
    seen.add(key);
    const suggest = c.replacedBy ?? (c.verdict === 'yearMissing' ? c.inForce : null);
    const remark = [
      suggest && suggest.standardNo !== c.standardNo ? `建议引用现行版本 ${suggest.standardNo}《${suggest.nameZh}》` : null,
      c.verdict === 'upcoming' && c.implementDate ? `${c.implementDate} 实施` : null,
      c.titleMismatch && c.nameZh ? `名称应为《${c.nameZh}》` : null,
      c.verdict === 'notFound' ? '平台目录未收录，请核实' : null,
    ]
      .filter(Boolean)
      .join('；');
    rows.push([String(rows.length + 1), c.nameZh ?? c.citedTitle ?? '', c.standardNo ?? c.cited ?? '', verdictText(c), remark]);
  }
  const widths = [8, 36, 22, 12, 36];
  const cell = (text: string, i: number, bold = false) =>
    new TableCell({
      width: { size: widths[i]! * 100, type: WidthType.DXA },
      children: [new Paragraph({ children: [new TextRun({ text, bold })] })],
    });
  const header = ['序号', '标准名称', '标准编号', '状态', '备注'];
  const doc = new Document({
    creator: XLSX_CREATOR,
    title: '编制依据',
    sections: [
      {
        children: [
          new Paragraph({
            heading: HeadingLevel.HEADING_1,
            alignment: AlignmentType.CENTER,
            children: [new TextRun('编制依据')],
          }),
          ...(name ? [new Paragraph({ children: [new TextRun({ text: `核查文档：${name}`, size: 18 })] })] : []),
          new Table({
            width: { size: 100, type: WidthType.PERCENTAGE },
            rows: [
              new TableRow({ tableHeader: true, children: header.map((h, i) => cell(h, i, true)) }),
              ...rows.map((r) => new TableRow({ children: r.map((t, i) => cell(t, i)) })),
            ],
          }),
          new Paragraph({
            children: [
              new TextRun({
                text: `状态依据中山市标准信息公共服务平台目录，核查于 ${new Date().toISOString().slice(0, 10)}。`,
                size: 18,
              }),
            ],
          }),
        ],
      },
    ],
  });
  return Packer.toBuffer(doc);
}
