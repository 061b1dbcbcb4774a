import type { StandardNo } from '@zs/shared';

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
  /**
   * The citations, found on the reader thread (find.ts); then `segments` is empty (the text is in here, joined).
   * Absent from a share of a PDF's pages: the shares are put together and searched as one (read-thread.ts).
   */
  found?: FoundText;
}

/** A citation found, with its place, before the catalogue is asked. */
export interface Found {
  text: string;
  no: StandardNo | null;
  title: string | null;
  page: number | null;
  paragraph: number | null;
  part: string | null;
  ocr: boolean;
  context: string;
  start: number;
  end: number;
  /** Read only from the OCR-repaired copy (ocr-repair.ts): kept when the catalogue holds that very edition. */
  repaired?: boolean;
}

/** A document's text as shown to the user (its segments joined by line breaks) and its citations in order. */
export interface FoundText {
  text: string;
  found: Found[];
}
