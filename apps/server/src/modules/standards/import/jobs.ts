import fs from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import { IMPORT_STATUSES, type ImportJob } from '@zs/shared';
import type { Database } from '../../../db/client.ts';
import { paged } from '../../../db/paged.ts';
import { badRequest, notFound } from '../../../lib/envelope.ts';
import { dbQuery, writeAudit } from '../../audit/index.ts';
import { sqlState, UNIQUE_VIOLATION } from '../../../db/tx.ts';
import { importFile } from './importer.ts';
import { FIELD_LABELS, FIELDS, MAPPINGS, missingFields, pickMapping, startRefusal } from './mappings.ts';
import { encodingOf, readRows, type InputFormat } from '../../../lib/tabular/readers.ts';
import { EncodingError } from '../../../lib/tabular/encoding.ts';
import { iso } from '../../../lib/iso.ts';

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
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

const JOB_SQL = `select j.id, j.status, j.file_name, j.file_path, j.format, j.size_bytes::int as size_bytes, j.mapping, j.rows, j.inserted,
  j.updated, j.unchanged, j.rejected, j.duplicates, j.rejections, j.error, j.actor_id, j.created_at, j.started_at, j.finished_at
  from import_jobs j`;

/**
 * Usernames by user id: the auth module's usernamesOf, handed in by modules/index.ts (importing auth here would
 * make the chain of module imports too long).
 */
export type UsernameLookup = (db: Database, ids: number[]) => Promise<Map<number, string>>;

/** The jobs as the console shows them, each with the username of whoever started it (one look-up for all). */
export async function jobViews(db: Database, usernamesOf: UsernameLookup, rows: JobRow[]): Promise<ImportJob[]> {
  const names = await usernamesOf(db, [...new Set(rows.flatMap((r) => (r.actor_id === null ? [] : [r.actor_id])))]);
  return rows.map((r) => jobView(r, r.actor_id === null ? null : (names.get(r.actor_id) ?? null)));
}

export async function jobViewOf(db: Database, usernamesOf: UsernameLookup, row: JobRow): Promise<ImportJob> {
  const [view] = await jobViews(db, usernamesOf, [row]);
  return view!;
}

/** `actorName`: the username of whoever started the job (jobViews). */
function jobView(r: JobRow, actorName: string | null): ImportJob {
  // new Date() keeps the milliseconds of a Date from pg (String() of it would drop them).
  const end = r.finished_at ? new Date(r.finished_at).getTime() : Date.now();
  const secs = r.started_at ? Math.max((end - new Date(r.started_at).getTime()) / 1000, 0.001) : 0;
  return {
    id: r.id,
    status: r.status,
    fileName: r.file_name,
    format: r.format,
    sizeBytes: r.size_bytes,
    mapping: r.mapping,
    rows: r.rows,
    inserted: r.inserted,
    updated: r.updated,
    unchanged: r.unchanged,
    rejected: r.rejected,
    duplicates: r.duplicates,
    rowsPerSecond: secs ? Math.round(r.rows / secs) : 0,
    error: r.error,
    actorName,
    createdAt: iso(r.created_at)!,
    startedAt: iso(r.started_at),
    finishedAt: iso(r.finished_at),
  };
}

export async function jobRow(db: Database, id: number): Promise<JobRow> {
  const [row] = await db.query<JobRow>(`${JOB_SQL} where j.id = $1`, [id]);
  if (!row) throw notFound('导入任务不存在');
  return row;
}

export async function listJobs(db: Database, page: number, size: number, usernamesOf: UsernameLookup) {
  const jobs = await paged<JobRow>(
    db,
    { count: 'import_jobs j', select: JOB_SQL, where: "j.status <> 'uploaded'", order: 'j.created_at desc, j.id desc' },
    [],
    { page, size },
  );
  return { ...jobs, list: await jobViews(db, usernamesOf, jobs.list) };
}

/** Reads the first rows only (the reader stops when the loop ends) and names the mapping the importer will use. */
export async function previewOf(db: Database, id: number, usernamesOf: UsernameLookup) {
  const row = await jobRow(db, id);
  const sample: Record<string, unknown>[] = [];
  let encoding: string;
  try {
    // A CSV in an encoding neither UTF-8, UTF-16 nor GB18030 is refused here, with what to do (encoding.ts).
    encoding = await encodingOf(row.file_path, row.format);
    for await (const r of readRows(row.file_path, row.format)) {
      sample.push(r.row);
      if (sample.length >= 5) break;
    }
  } catch (err) {
    if (err instanceof EncodingError) throw badRequest(err.message);
    throw badRequest('文件无法读取，请检查格式（CSV 须为 UTF-8 或 GBK 编码，XLSX 首行为表头，JSON 为对象数组）');
  }
  if (!sample.length) throw badRequest('文件中没有数据行');
  const mapping = pickMapping(undefined, sample[0]!);
  const headers = [...new Set(sample.flatMap((s) => Object.keys(s)))];
  const columns = FIELDS.flatMap((f) => {
    const column = (mapping.columns[f] ?? []).find((c) => headers.includes(c));
    return column ? [{ field: f, label: FIELD_LABELS[f], column }] : [];
  });
  const reason = startRefusal(mapping, headers);
  await db.query('update import_jobs set mapping = $2 where id = $1', [id, mapping.name]);
  const text = (v: unknown) =>
    v instanceof Date ? v.toISOString().slice(0, 10) : v === null || v === undefined ? '' : String(v).slice(0, 200);
  return {
    job: await jobViewOf(db, usernamesOf, { ...row, mapping: mapping.name }),
    mapping: mapping.name,
    mappingDescription: MAPPINGS[mapping.name]?.description ?? mapping.description,
    encoding,
    columns,
    headers: headers.slice(0, 50),
    sample: sample.map((s) => Object.fromEntries(headers.slice(0, 50).map((h) => [h, text(s[h])]))),
    // The rule startJob enforces, answered here so the page only shows it.
    missing: missingFields(mapping, headers).map((f) => FIELD_LABELS[f]),
    canStart: reason === null,
    reason,
  };
}

/**
 * Marks the job running (the partial unique index refuses a second running job, whichever instance
 * asks) and runs it in the background; progress and counts land in the job row. Answers the job as it starts.
 */
export async function startJob(
  db: Database,
  log: FastifyBaseLogger,
  actorId: number,
  id: number,
  usernamesOf: UsernameLookup,
): Promise<ImportJob> {
  // A file whose standard number or title has no column would have every row rejected: refused, with the reason
  // the preview showed (read again from the file, so the rule holds whatever the page sent).
  if ((await jobRow(db, id)).status === 'uploaded') {
    const { reason } = await previewOf(db, id, usernamesOf);
    if (reason) throw badRequest(reason);
  }
  let rows: { id: number }[];
  try {
    rows = await db.query<{ id: number }>(
      "update import_jobs set status = 'running', started_at = now(), actor_id = coalesce(actor_id, $2) where id = $1 and status = 'uploaded' returning id",
      [id, actorId],
    );
  } catch (err) {
    if (sqlState(err) === UNIQUE_VIOLATION) throw badRequest('已有导入正在进行，请等待其完成后再开始');
    throw err;
  }
  if (!rows.length) {
    await jobRow(db, id);
    throw badRequest('该导入任务已开始或已结束');
  }
  const job = await jobRow(db, id);
  await writeAudit(dbQuery(db), {
    actorId,
    action: 'import.start',
    targetType: 'import',
    targetId: id,
    detail: { fileName: job.file_name },
  });
  // Named before the run starts: on PGlite the run's writes would keep this look-up waiting.
  const view = await jobViewOf(db, usernamesOf, job);
  void runJob(db, log, actorId, job);
  return view;
}

export const running = new Set<Promise<void>>();

function runJob(db: Database, log: FastifyBaseLogger, actorId: number, job: JobRow): Promise<void> {
  const p = (async () => {
    try {
      const report = await importFile(db, job.file_path, {
        format: job.format,
        source: `运营后台导入：${job.file_name}`.slice(0, 200),
        mapping: job.mapping ?? undefined,
        onProgress: ({ rows }) => {
          void db
            .query("update import_jobs set rows = $2 where id = $1 and status = 'running'", [job.id, rows])
            .catch(() => undefined);
        },
      });
      const rejections = report.rejections.map((r) => ({
        line: r.line,
        column: r.column ?? '',
        value: r.value ?? '',
        reason: r.reason,
      }));
      await db.query(
        `update import_jobs set status = 'done', finished_at = now(), rows = $2, inserted = $3, updated = $4, unchanged = $5,
           rejected = $6, duplicates = $7, rejections = $8::jsonb, mapping = $9 where id = $1`,
        [
          job.id,
          report.rows,
          report.inserted,
          report.updated,
          report.unchanged,
          report.rejected,
          report.duplicates,
          JSON.stringify(rejections),
          report.mapping,
        ],
      );
      await writeAudit(dbQuery(db), {
        actorId,
        action: 'import.done',
        targetType: 'import',
        targetId: job.id,
        detail: {
          fileName: job.file_name,
          rows: report.rows,
          inserted: report.inserted,
          updated: report.updated,
          unchanged: report.unchanged,
          rejected: report.rejected,
        },
      });
    } catch (err) {
      log.error({ err, job: job.id }, 'import job failed');
      await db
        .query("update import_jobs set status = 'failed', finished_at = now(), error = $2 where id = $1", [
          job.id,
          `导入失败：${(err as Error).message}`.slice(0, 500),
        ])
        .catch(() => undefined);
    } finally {
      await fs.promises.rm(job.file_path, { force: true });
    }
  })();
  running.add(p);
  void p.finally(() => running.delete(p));
  return p;
}

/** A job left running by a stopped process cannot finish: mark it failed so a new import may start. */
export async function failOrphans(db: Database) {
  await db.query(
    "update import_jobs set status = 'failed', finished_at = now(), error = '服务重启，导入中断，请重新上传' where status = 'running'",
  );
}

/** A job for an uploaded file, before its preview (status 'uploaded'). */
export async function createUploadedJob(
  db: Database,
  f: { name: string; path: string; format: string; size: number; actorId: number },
): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    'insert into import_jobs (file_name, file_path, format, size_bytes, actor_id) values ($1, $2, $3, $4, $5) returning id',
    [f.name, f.path, f.format, f.size, f.actorId],
  );
  return row!.id;
}

/** An upload whose preview failed: the job is kept as failed with the reason. */
export async function failUploadedJob(db: Database, id: number, error: string): Promise<void> {
  await db.query("update import_jobs set status = 'failed', error = $2, finished_at = now() where id = $1", [id, error]);
}
