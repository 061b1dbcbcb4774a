/**
 * A document's text as the check reads it (docs/document-check.md): segments in document order, each with its
 * place. These readers run on the document check's worker thread (read-worker.ts), never on the request thread.
 */
export interface Segment {
  text: string;
  page: number | null;
  paragraph: number | null;
  /** 正文, 表格, 页眉, 页脚, 脚注, 尾注, a sheet's name; null for plain text and PDF. */
  part: string | null;
  ocr: boolean;
}

export type DocKind = 'txt' | 'md' | 'docx' | 'pdf' | 'xlsx';

export interface ReadDocument {
  kind: DocKind;
  pages: number | null;
  ocrPages: number[];
  notes: string[];
  segments: Segment[];
  /** A share of a PDF's pages met a scanned page: the whole document is read again by one reader. */
  wholeNeeded?: boolean;
}
