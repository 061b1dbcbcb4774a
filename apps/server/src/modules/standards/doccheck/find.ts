import { contextOf, extractCitations, type RawCitation } from './extract.ts';
import { repairOcr } from './ocr-repair.ts';
import type { Found, FoundText, Segment } from './document.ts';

export type { Found, FoundText };

/**
 * Finding the citations of a document read (docs/decisions/0079): pure, so it runs on the reader thread that read
 * the document (read-worker.ts) and the request thread gets the citations, not the pages to search
 * (docs/decisions/0092); pasted text is searched on the request thread (service.ts).
 */

/** A segment's citations; an OCR'd one's also from its repaired copy, those not read alike marked repaired. */
function segmentCitations(s: Pick<Segment, 'text' | 'ocr'>): (RawCitation & { repaired?: boolean })[] {
  const plain = extractCitations(s.text);
  if (!s.ocr) return plain;
  const fixed = repairOcr(s.text);
  if (fixed === s.text) return plain;
  const same = new Set(plain.map((c) => `${c.start}:${c.end}:${c.no?.key ?? c.title}`));
  const repaired = extractCitations(fixed)
    .filter((c) => c.no && c.no.year && !same.has(`${c.start}:${c.end}:${c.no.key}`))
    .map((c) => ({ ...c, text: s.text.slice(c.start, c.end), repaired: true }));
  return [...plain, ...repaired].sort((a, b) => a.start - b.start);
}

/**
 * Every citation of a document read, in order, with offsets in the joined text shown to the user. Consecutive
 * PDF pages are read as one text (a title at the foot of a page and its number at the head of the next, or a
 * number broken across them, stay one citation); other segments (paragraphs, cells) are read alone.
 */
export function findCitations(doc: { segments: Segment[] }): FoundText {
  const found: Found[] = [];
  const segs = doc.segments;
  const starts: number[] = [];
  let offset = 0;
  for (const s of segs) {
    starts.push(offset);
    offset += s.text.length + 1;
  }
  for (let i = 0; i < segs.length;) {
    let j = i + 1;
    const paged = segs[i]!.page !== null;
    while (paged && j < segs.length && segs[j]!.page !== null && segs[j]!.ocr === segs[i]!.ocr) j++;
    const group = segs.slice(i, j);
    const text = group.map((s) => s.text).join('\n');
    // Line ends closing a page become blanks in the copy searched, so the break between pages counts as one.
    const searched = group.map((s) => s.text.replace(/\s+$/, (t) => ' '.repeat(t.length))).join('\n');
    const base = starts[i]!;
    let k = i;
    for (const c of segmentCitations({ text: searched, ocr: group[0]!.ocr })) {
      while (k + 1 < j && starts[k + 1]! - base <= c.start) k++;
      const s = segs[k]!;
      found.push({
        repaired: c.repaired,
        text: text.slice(c.start, c.end),
        no: c.no,
        title: c.title,
        page: s.page,
        paragraph: s.paragraph,
        part: s.part,
        ocr: s.ocr,
        context: contextOf(text, c.start, c.end),
        start: base + c.start,
        end: base + c.end,
      });
    }
    i = j;
  }
  return { text: segs.map((s) => s.text).join('\n'), found };
}
