import type { FastifyBaseLogger } from 'fastify';
import type { ImportJob } from '@zs/shared';
import type { Database } from '../../../db/client.ts';
import { paged } from '../../../db/paged.ts';
import { badRequest } from '../../../lib/envelope.ts';
import { dbQuery, writeAudit } from '../../audit/index.ts';
import { sqlState, UNIQUE_VIOLATION } from '../../../db/tx.ts';
import { BATCH_ROWS, fileDigest, RUNNER, runJob } from './run-job.ts';
import { JOB_SQL, jobRow, type JobRow } from './job-row.ts';
import { FIELD_LABELS, FIELDS, MAPPINGS, missingFields, pickMapping, startRefusal } from './mappings.ts';
import { encodingOf, readRows } from '../../../lib/tabular/readers.ts';
import { EncodingError } from '../../../lib/tabular/encoding.ts';
import { ZipLimitError } from '../../../lib/tabular/zip-guard.ts';
import { iso } from '../../../lib/iso.ts';

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
    canResume: r.status === 'interrupted' && r.origin === 'console',
    origin: r.origin,
    actorName,
    createdAt: iso(r.created_at)!,
    startedAt: iso(r.started_at),
    finishedAt: iso(r.finished_at),
  };
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
    // Refused with their own words: an encoding it cannot read, a zip bomb (also refused at upload, lib/tabular/zip-guard.ts).
    if (err instanceof EncodingError || err instanceof ZipLimitError) throw badRequest(err.message);
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
  signal?: AbortSignal,
): Promise<ImportJob> {
  // A file whose standard number or title has no column would have every row rejected: refused, with the reason
  // the preview showed (read again from the file, so the rule holds whatever the page sent).
  if ((await jobRow(db, id)).status === 'uploaded') {
    const { reason } = await previewOf(db, id, usernamesOf);
    if (reason) throw badRequest(reason);
  }
  const marked = await markRunning(db, id, actorId, 'uploaded', BATCH_ROWS[db.kind]);
  if (!marked) {
    await jobRow(db, id);
    throw badRequest('该导入任务已开始或已结束');
  }
  return launch(db, log, actorId, id, usernamesOf, 'import.start', false, signal);
}

/**
 * Continues an interrupted job from the row after its checkpoint (docs/decisions/0076), with the file kept for
 * it, refused when the file is gone or changed.
 */
export async function resumeJob(
  db: Database,
  log: FastifyBaseLogger,
  actorId: number,
  id: number,
  usernamesOf: UsernameLookup,
  signal?: AbortSignal,
): Promise<ImportJob> {
  const job = await jobRow(db, id);
  if (job.status !== 'interrupted') throw badRequest('只有已中断的导入可以继续');
  if (job.origin !== 'console') throw badRequest('该导入由命令行发起，请在服务器上重新运行同一导入命令继续');
  const digest = await fileDigest(job.file_path).catch(() => null);
  if (!digest || (job.file_digest && digest !== job.file_digest))
    throw badRequest('中断前上传的文件已不存在或已改变，请重新上传');
  if (!(await markRunning(db, id, actorId, 'interrupted', job.batch_size ?? BATCH_ROWS[db.kind])))
    throw badRequest('该导入任务已开始或已结束');
  return launch(db, log, actorId, id, usernamesOf, 'import.resume', true, signal);
}

/** Sets a job running from `from`; false when it was not in that state. A second running job is refused. */
async function markRunning(db: Database, id: number, actorId: number, from: 'uploaded' | 'interrupted', batchSize: number) {
  try {
    const rows = await db.query<{ id: number }>(
      `update import_jobs set status = 'running', started_at = coalesce(started_at, now()), finished_at = null, error = null,
         heartbeat_at = now(), batch_size = coalesce(batch_size, $4), actor_id = coalesce(actor_id, $2), runner = $5
       where id = $1 and status = $3 returning id`,
      [id, actorId, from, batchSize, RUNNER],
    );
    return rows.length > 0;
  } catch (err) {
    if (sqlState(err) === UNIQUE_VIOLATION) throw badRequest('已有导入正在进行，请等待其完成后再开始');
    throw err;
  }
}

async function launch(
  db: Database,
  log: FastifyBaseLogger,
  actorId: number,
  id: number,
  usernamesOf: UsernameLookup,
  action: 'import.start' | 'import.resume',
  resume: boolean,
  signal: AbortSignal | undefined,
): Promise<ImportJob> {
  if (!resume)
    await db.query('update import_jobs set file_digest = $2 where id = $1', [
      id,
      await fileDigest((await jobRow(db, id)).file_path),
    ]);
  const job = await jobRow(db, id);
  await writeAudit(dbQuery(db), { actorId, action, targetType: 'import', targetId: id, detail: { fileName: job.file_name } });
  // Named before the run starts: on PGlite the run's writes would keep this look-up waiting.
  const view = await jobViewOf(db, usernamesOf, job);
  // Its end state (done, failed, interrupted) lands in the job row; nothing awaits the promise here.
  runJob(db, actorId, job, { resume, log, signal }).catch(() => undefined);
  return view;
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
