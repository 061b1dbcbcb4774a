import { z } from 'zod';
import { pageNumberParam, portalSizeParam } from './common.ts';
import { download, endpoint, pageOf } from './endpoint.ts';

/** Browser imports (/api/admin/imports…): one job row per uploaded file, run in the background. */
/**
 * interrupted: the process running it stopped; what its batches committed stays, and it can continue from the
 * row after its checkpoint (docs/decisions/0076).
 */
export const IMPORT_STATUSES = ['uploaded', 'running', 'done', 'failed', 'interrupted'] as const;
export const IMPORT_STATUS_LABELS: Record<(typeof IMPORT_STATUSES)[number], string> = {
  uploaded: '待开始',
  running: '导入中',
  done: '已完成',
  failed: '失败',
  interrupted: '已中断',
};
export const IMPORT_MAX_BYTES = 200 * 1024 * 1024;
export const IMPORT_EXTENSIONS = ['csv', 'xlsx', 'json', 'jsonl'] as const;

export const ImportRejection = z.object({ line: z.number(), column: z.string(), value: z.string(), reason: z.string() });

export const ImportJob = z.object({
  id: z.number(),
  status: z.enum(IMPORT_STATUSES),
  fileName: z.string(),
  format: z.string(),
  sizeBytes: z.number(),
  mapping: z.string().nullable(),
  /** Rows of the file whose outcome is committed in the catalogue (each batch commits with this count). */
  rows: z.number(),
  inserted: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  rejected: z.number(),
  duplicates: z.number(),
  rowsPerSecond: z.number(),
  /** What happened, in Chinese, when the job failed or was interrupted (what is in the catalogue, what is not). */
  error: z.string().nullable(),
  /** An interrupted console job whose file is kept: POST …/resume continues it. */
  canResume: z.boolean(),
  /** 'console' (uploaded in the console) or 'cli' (npm run import on the server). */
  origin: z.enum(['console', 'cli']),
  actorName: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type ImportJob = z.infer<typeof ImportJob>;

/** What the server detected in an uploaded file before it is started. */
export const ImportPreview = z.object({
  job: ImportJob,
  mapping: z.string(),
  mappingDescription: z.string(),
  /** What the file was read as: a CSV's encoding ('UTF-8', 'UTF-8（带 BOM）', 'UTF-16', 'GB18030（GBK）'), 'XLSX', or 'UTF-8' for JSON. */
  encoding: z.string(),
  /** catalogue field → the file's column that feeds it */
  columns: z.array(z.object({ field: z.string(), label: z.string(), column: z.string() })),
  headers: z.array(z.string()),
  sample: z.array(z.record(z.string(), z.string())),
  /** Chinese names of the required fields (标准编号, 标准名称) that no column of the file carries. */
  missing: z.array(z.string()),
  /** false while a required field has no column: the server refuses to start (startJob), with `reason`. */
  canStart: z.boolean(),
  /** Why the import cannot start, in Chinese (the server's refusal message); null when it can. */
  reason: z.string().nullable(),
});
export type ImportPreview = z.infer<typeof ImportPreview>;

// ---- endpoints (apps/server/src/modules/admin-import) ----
const ImportIdParams = z.object({ id: z.string().max(20) });
/** Multipart upload (field `file`), streamed to disk by the handler. */
export const uploadImport = endpoint({ method: 'POST', path: '/api/admin/imports', response: ImportPreview });
export const startImport = endpoint({
  method: 'POST',
  path: '/api/admin/imports/:id/start',
  params: ImportIdParams,
  response: ImportJob,
});
export const resumeImport = endpoint({
  method: 'POST',
  path: '/api/admin/imports/:id/resume',
  params: ImportIdParams,
  response: ImportJob,
});
export const listImports = endpoint({
  method: 'GET',
  path: '/api/admin/imports',
  query: z.object({ page: pageNumberParam, size: portalSizeParam }),
  response: pageOf(ImportJob),
});
export const importJob = endpoint({ method: 'GET', path: '/api/admin/imports/:id', params: ImportIdParams, response: ImportJob });
export const importReport = download({
  method: 'GET',
  path: '/api/admin/imports/:id/report',
  params: ImportIdParams,
});
