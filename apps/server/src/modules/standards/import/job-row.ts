import type { Database } from '../../../db/client.ts';
import { notFound } from '../../../lib/envelope.ts';
import type { InputFormat } from '../../../lib/tabular/readers.ts';
import type { IMPORT_STATUSES } from '@zs/shared';

/** One import job as stored (migrations 0055, 0065). */
export interface JobRow {
  id: number;
  status: (typeof IMPORT_STATUSES)[number];
  file_name: string;
  file_path: string;
  format: InputFormat;
  size_bytes: number;
  mapping: string | null;
  rows: number;
  inserted: number;
  updated: number;
  unchanged: number;
  rejected: number;
  duplicates: number;
  rejections: { line: number; column: string; value: string; reason: string }[];
  error: string | null;
  actor_id: number | null;
  source: string | null;
  /** Rows of the file whose outcome is committed (docs/decisions/0076); `rows` equals it. */
  committed_rows: number;
  batch_size: number | null;
  origin: 'console' | 'cli';
  file_digest: string | null;
  checkpoint: unknown;
  runner: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

export const JOB_SQL = `select j.id, j.status, j.file_name, j.file_path, j.format, j.size_bytes::int8::float8 as size_bytes, j.mapping, j.rows,
  j.inserted, j.updated, j.unchanged, j.rejected, j.duplicates, j.rejections, j.error, j.actor_id, j.source, j.committed_rows, j.batch_size,
  j.origin, j.file_digest, j.checkpoint, j.runner, j.created_at, j.started_at, j.finished_at
  from import_jobs j`;

export async function jobRow(db: Database, id: number): Promise<JobRow> {
  const [row] = await db.query<JobRow>(`${JOB_SQL} where j.id = $1`, [id]);
  if (!row) throw notFound('导入任务不存在');
  return row;
}
