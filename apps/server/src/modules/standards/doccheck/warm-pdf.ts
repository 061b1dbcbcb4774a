/**
 * A small text PDF made here, read by a reader started with the server (DOCCHECK_WARM_READERS,
 * docs/decisions/0102) so that pdf.js's text extraction and the citation grammar are compiled and optimised
 * before the first real document: loading pdf.js alone left the first 300-page PDF about a second slower than
 * the next ones. Latin text in the standard Helvetica font (no font file to carry), a few citations a line.
 */
export function warmUpPdf(pages = 24, linesPerPage = 60): Buffer {
  const objs: string[] = [];
  objs[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objs[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  const kids: string[] = [];
  for (let p = 0; p < pages; p++) {
    const pageNo = 4 + p * 2;
    kids.push(`${pageNo} 0 R`);
    const lines = Array.from({ length: linesPerPage }, (_, i) => {
      const n = p * linesPerPage + i;
      return `(Item ${n}: GB 50016-2014, GB/T 50011-2010 and JGJ/T 67-2019 apply, see clause 3.2.${n % 9}.) '`;
    });
    const body = `BT /F1 9 Tf 11 TL 40 810 Td\n${lines.join('\n')}\nET`;
    objs[pageNo] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents ${pageNo + 1} 0 R >>`;
    objs[pageNo + 1] = `<< /Length ${Buffer.byteLength(body)} >>\nstream\n${body}\nendstream`;
  }
  objs[2] = `<< /Type /Pages /Kids [${kids.join(' ')}] /Count ${pages} >>`;
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (let i = 1; i < objs.length; i++) {
    offsets.push(Buffer.byteLength(out));
    out += `${i} 0 obj\n${objs[i]}\nendobj\n`;
  }
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${objs.length}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objs.length} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
