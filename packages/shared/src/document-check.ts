/**
 * The document check's limits and verdict names without zod (issue 26), so the web's tab shows them without
 * loading a schema; the contract is api/document-check.ts.
 */

export const DOC_CHECK_MAX_BYTES = 20 * 1024 * 1024;
export const DOC_CHECK_MAX_PAGES = 500;
/** Characters of pasted text (about a 500-page document). */
export const DOC_CHECK_MAX_TEXT = 2_000_000;
/** Citations sent back for a download (a document citing more is refused at check time). */
export const DOC_CHECK_MAX_CITATIONS = 5000;

export const DOC_VERDICTS = ['current', 'upcoming', 'superseded', 'abolished', 'yearMissing', 'notFound'] as const;
export type DocVerdict = (typeof DOC_VERDICTS)[number];
export const DOC_VERDICT_LABELS: Record<DocVerdict, string> = {
  current: '现行',
  upcoming: '即将实施',
  superseded: '被代替',
  abolished: '废止',
  yearMissing: '年份缺失',
  notFound: '未收录',
};
