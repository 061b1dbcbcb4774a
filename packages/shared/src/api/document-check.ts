import { z } from 'zod';
import { download, endpoint } from './endpoint.ts';
import { NearestNumber, StandardRef } from './standards-search.ts';

/**
 * Contract of the document check (文档核查, issue 26, docs/document-check.md): a document's cited standards
 * found with the shared number grammar and checked against the catalogue. The document is never stored.
 */

import { DOC_CHECK_MAX_CITATIONS, DOC_CHECK_MAX_TEXT, DOC_VERDICTS } from '../document-check.ts';

export * from '../document-check.ts';

export const DocCheckTextRequest = z.object(
  {
    text: z
      .string({ error: '请提供要核查的文本' })
      .max(DOC_CHECK_MAX_TEXT, `文本不能超过${DOC_CHECK_MAX_TEXT}个字符，请上传文件`)
      .refine((s) => s.trim().length > 0, '请提供要核查的文本'),
  },
  { error: '请以 JSON {"text": "…"} 提供文本，或以 multipart 字段 file 上传文件' },
);

const RecordRef = StandardRef.extend({ nameZh: z.string() });

export const DocCitation = z.object({
  /** 1-based, in document order. */
  index: z.number(),
  text: z.string().describe('文档中的原文写法'),
  /** The number as the grammar reads it (`GB/T 50011-2010`); null for a title-only citation. */
  cited: z.string().nullable(),
  /** The title written with it in 《》, if any. */
  citedTitle: z.string().nullable(),
  page: z.number().nullable().describe('PDF 页码（从1开始）'),
  paragraph: z.number().nullable().describe('段落序号（DOCX/TXT/粘贴文本）或工作表行号（XLSX）'),
  /** Where in a DOCX/XLSX: 正文, 表格, 页眉, 页脚, 脚注, or the sheet's name. */
  part: z.string().nullable(),
  ocr: z.boolean().describe('该页文字来自 OCR'),
  context: z.string(),
  /** Offsets of `text` in data.document.text, for highlighting. */
  start: z.number(),
  end: z.number(),
  recordId: z.number().nullable(),
  standardNo: z.string().nullable(),
  nameZh: z.string().nullable(),
  status: z.string().nullable(),
  implementDate: z.string().nullable(),
  abolishDate: z.string().nullable(),
  replacedBy: RecordRef.nullable().describe('被代替时，现行的代替标准'),
  /** For a number cited without year: the edition in force. */
  inForce: RecordRef.nullable(),
  verdict: z.enum(DOC_VERDICTS),
  /** The title written belongs to another edition or name of the record (e.g. a renamed standard). */
  titleMismatch: z.boolean(),
  note: z.string().nullable(),
  nearest: z.array(NearestNumber),
});

export const DocCheckSummary = z.object({
  cited: z.number(),
  current: z.number(),
  upcoming: z.number(),
  superseded: z.number(),
  abolished: z.number(),
  yearMissing: z.number(),
  notFound: z.number(),
  titleMismatch: z.number(),
});

export const DocCheckResult = z.object({
  document: z.object({
    name: z.string().nullable(),
    kind: z.enum(['text', 'txt', 'md', 'docx', 'pdf', 'xlsx']),
    pages: z.number().nullable(),
    ocrPages: z.array(z.number()),
    /** The document's text as read, for the highlighted view. */
    text: z.string(),
    /** What the reader could not do (pages left unread by OCR, a truncated text view). */
    notes: z.array(z.string()),
  }),
  citations: z.array(DocCitation),
  summary: DocCheckSummary,
  checkedAt: z.string(),
});

/** What a download needs of each citation: it is checked again, so the file says what the catalogue says now. */
export const DocCitationInput = z.object({
  text: z.string().max(300),
  cited: z.string().max(200).nullable(),
  citedTitle: z.string().max(200).nullable(),
  page: z.number().int().nullable(),
  paragraph: z.number().int().nullable(),
  part: z.string().max(100).nullable().optional(),
  context: z.string().max(500),
});
export const DocCheckExportRequest = z.object({
  name: z.string().max(200).nullable().optional(),
  citations: z
    .array(DocCitationInput, { error: '请提供核查结果' })
    .min(1, '没有可导出的引用')
    .max(DOC_CHECK_MAX_CITATIONS, `最多导出${DOC_CHECK_MAX_CITATIONS}条引用`),
});

/** JSON `{ text }` or multipart field `file`: the body is read in the handler, by its content type. */
export const checkDocument = endpoint({
  method: 'POST',
  path: '/api/portal/standards/check/document',
  response: DocCheckResult,
});
export const checkDocumentXlsx = download({
  method: 'POST',
  path: '/api/portal/standards/check/document/xlsx',
  body: DocCheckExportRequest,
});
export const checkDocumentDocx = download({
  method: 'POST',
  path: '/api/portal/standards/check/document/docx',
  body: DocCheckExportRequest,
});

// ---- a signed-in user's saved checks (the citations and verdicts, never the document) ----
export const DOC_CHECK_SAVED_MAX = 50;
export const SavedDocCheck = z.object({
  id: z.number(),
  name: z.string().nullable(),
  summary: DocCheckSummary,
  createdAt: z.string(),
});
/** One citation whose verdict or matched record changed since the check was saved. */
export const DocCheckChange = z.object({
  index: z.number(),
  text: z.string(),
  before: z.object({ verdict: z.enum(DOC_VERDICTS), standardNo: z.string().nullable() }),
  after: z.object({ verdict: z.enum(DOC_VERDICTS), standardNo: z.string().nullable() }),
});
const SavedId = z.object({ id: z.coerce.number({ error: '编号不正确' }).int('编号不正确').positive('编号不正确') });

export const saveDocCheck = endpoint({
  method: 'POST',
  path: '/api/user/doc-checks',
  body: DocCheckExportRequest,
  response: z.object({ id: z.number() }),
});
export const listDocChecks = endpoint({ method: 'GET', path: '/api/user/doc-checks', response: z.array(SavedDocCheck) });
export const recheckDocCheck = endpoint({
  method: 'POST',
  path: '/api/user/doc-checks/:id/recheck',
  params: SavedId,
  response: z.object({
    saved: SavedDocCheck,
    citations: z.array(DocCitation),
    summary: DocCheckSummary,
    changes: z.array(DocCheckChange),
  }),
});
export const deleteDocCheck = endpoint({
  method: 'DELETE',
  path: '/api/user/doc-checks/:id',
  params: SavedId,
  response: z.null(),
});

export type DocCitationT = z.infer<typeof DocCitation>;
export type SavedDocCheckT = z.infer<typeof SavedDocCheck>;
export type DocCheckResultT = z.infer<typeof DocCheckResult>;
export type DocCheckSummaryT = z.infer<typeof DocCheckSummary>;
export type DocCitationInputT = z.infer<typeof DocCitationInput>;
