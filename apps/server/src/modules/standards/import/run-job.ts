import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Query } from '../../../db/client.ts';
import { dbQuery, writeAudit } from '../../audit/index.ts';
import type { BulkMode } from './bulk.ts';
import { whileImporting } from '../catalogue/catalogue-cache.ts';
import { catchUpTitleIndex } from '../search/title-index-store.ts';
import { importFile, type ImportProgress, type ImportReport } from './importer.ts';
import { JOB_SQL, jobRow, type JobRow } from './job-row.ts';

/**
 * Running an import job, console or command line, with the guarantee of docs/decisions/0076: each batch commits
 * together with the job's checkpoint, so the job's counts match the catalogue whenever the process stops, and a
 * job whose process died is marked 中断 and continues from the row after its checkpoint.
 */

/** Rows per batch on each engine: on PGlite a batch holds the one connection (and the event loop) while it writes. */
export const BATCH_ROWS: Record<Database['kind'], number> = { postgres: 2000, pglite: 250 };
/**
 * The longest a PGlite import waits for the title index to hold what it wrote (200,000 records build in 2–5 s on a
 * busy 2-core machine; PGlite catalogues are far smaller than the millions PostgreSQL serves).
 */
const INDEX_CATCH_UP_MS = 30_000;
/** A running job writes its heartbeat this often (besides each checkpoint). */
const HEARTBEAT_MS = 5_000;
/** A running job whose heartbeat is older than this belongs to a process that stopped. */
export const STALE_SECONDS = 20;

/** The sentence a job's page shows for what is in the catalogue after it stopped. */
export function committedText(
  p: Pick<ImportProgress, 'rows' | 'inserted' | 'updated' | 'unchanged' | 'rejected' | 'duplicates'>,
) {
  if (!p.rows) return '目录未作任何改动';
  return (
    `文件前 ${p.rows} 个数据行的结果已写入目录（新增 ${p.inserted}，更新 ${p.updated}，未变化 ${p.unchanged}，` +
    `被拒绝 ${p.rejected}，文件内重复 ${p.duplicates}），其后的数据行未写入`
  );
}

const interruptedError = (p: JobRow) =>
  `导入中断（处理导入的进程已停止）：${committedText(p)}。可从第 ${p.rows + 1} 个数据行继续导入`;

/** The checkpoint stored with the job (docs/decisions/0076), as the importer resumes from it. */
function checkpointOf(job: JobRow): ImportProgress {
  const saved = (job.checkpoint ?? {}) as Partial<ImportProgress>;
  return {
    rows: job.committed_rows,
    inserted: job.inserted,
    updated: job.updated,
    unchanged: job.unchanged,
    rejected: job.rejected,
    duplicates: job.duplicates,
    rejections: job.rejections,
    duplicateDetails: saved.duplicateDetails ?? [],
    statusChanges: saved.statusChanges ?? 0,
    relations: saved.relations ?? 0,
  };
}

function writeCheckpoint(id: number) {
  return async (q: Query, p: ImportProgress) => {
    const rejections = p.rejections.map((r) => ({
      line: r.line,
      column: r.column ?? '',
      value: r.value ?? '',
      reason: r.reason,
    }));
    await q(
      `update import_jobs set committed_rows = $2, rows = $2, inserted = $3, updated = $4, unchanged = $5, rejected = $6,
         duplicates = $7, rejections = $8::jsonb, checkpoint = $9::jsonb, heartbeat_at = now() where id = $1`,
      [
        id,
        p.rows,
        p.inserted,
        p.updated,
        p.unchanged,
        p.rejected,
        p.duplicates,
        JSON.stringify(rejections),
        JSON.stringify({ duplicateDetails: p.duplicateDetails, statusChanges: p.statusChanges, relations: p.relations }),
      ],
    );
  };
}

/** Size and a digest of the first and last 64 KB: enough to tell that a file kept for resuming has not changed. */
export async function fileDigest(file: string): Promise<string> {
  const h = await fs.promises.open(file, 'r');
  try {
    const { size } = await h.stat();
    const hash = crypto.createHash('sha256').update(String(size));
    const chunk = Buffer.alloc(Math.min(65536, size));
    await h.read(chunk, 0, chunk.length, 0);
    hash.update(chunk);
    await h.read(chunk, 0, chunk.length, Math.max(0, size - chunk.length));
    hash.update(chunk);
    return hash.digest('hex');
  } finally {
    await h.close();
  }
}

export const running = new Set<Promise<unknown>>();

export interface RunJobOptions {
  /** Continue from the job's checkpoint (an interrupted job). */
  resume?: boolean;
  bulk?: BulkMode;
  onProgress?: (p: { rows: number; elapsedMs: number }) => void;
  /** The licence recorded with every record (command line). */
  licence?: string;
  /** Where the command line prints; the console logs. */
  log?: FastifyBaseLogger;
  /** A server shutting down: the job stops before its next batch and is marked 中断, its file kept for resuming. */
  signal?: AbortSignal;
}

/**
 * Runs a job already marked running: heartbeat while it runs, a checkpoint with every batch, and the end state
 * (done, or failed with what was committed). A console job's uploaded file is removed when the job ends, done or
 * failed; an interrupted job (the process died) keeps it for resuming. Answers the report, or throws what failed.
 */
export function runJob(db: Database, actorId: number | null, job: JobRow, opts: RunJobOptions = {}): Promise<ImportReport> {
  const beat = setInterval(() => {
    void db
      .query("update import_jobs set heartbeat_at = now() where id = $1 and status = 'running'", [job.id])
      .catch(() => undefined);
  }, HEARTBEAT_MS);
  beat.unref();
  let keepFile = false;
  const p = (async () => {
    try {
      // Searches answer as of the catalogue before the import while it writes (docs/decisions/0076).
      const report = await whileImporting(db, async () => {
        const written = await importFile(db, job.file_path, {
          format: job.format,
          source: job.origin === 'console' ? `运营后台导入：${job.file_name}`.slice(0, 200) : (job.source ?? undefined),
          mapping: job.mapping ?? undefined,
          licence: opts.licence,
          batchSize: job.batch_size ?? BATCH_ROWS[db.kind],
          bulk: opts.bulk ?? 'never',
          checkpoint: writeCheckpoint(job.id),
          resume: opts.resume ? checkpointOf(job) : undefined,
          onProgress: opts.onProgress,
          signal: opts.signal,
        });
        // On PGlite searches keep answering from the title index of the catalogue before the import until the index
        // holds what it wrote; the job is done once they see it (docs/decisions/0103).
        if (db.kind === 'pglite') await catchUpTitleIndex(db, INDEX_CATCH_UP_MS);
        return written;
      });
      await writeCheckpoint(job.id)(db.query.bind(db) as Query, report);
      await db.query("update import_jobs set status = 'done', finished_at = now(), mapping = $2, error = null where id = $1", [
        job.id,
        report.mapping,
      ]);
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
      return report;
    } catch (err) {
      // The checkpoint says what the batches before the stop committed.
      const now = await jobRow(db, job.id).catch(() => job);
      if (opts.signal?.aborted) {
        keepFile = true;
        await db
          .query("update import_jobs set status = 'interrupted', finished_at = now(), error = $2 where id = $1", [
            job.id,
            interruptedError(now),
          ])
          .catch(() => undefined);
        throw err;
      }
      opts.log?.error({ err, job: job.id }, 'import job failed');
      await db
        .query("update import_jobs set status = 'failed', finished_at = now(), error = $2 where id = $1", [
          job.id,
          `导入失败：${(err as Error).message}。${committedText(now)}`.slice(0, 1000),
        ])
        .catch(() => undefined);
      throw err;
    } finally {
      clearInterval(beat);
      if (job.origin === 'console' && !keepFile) await fs.promises.rm(job.file_path, { force: true });
    }
  })();
  running.add(p);
  void p.then(
    () => running.delete(p),
    () => running.delete(p),
  );
  return p;
}

/** This process, as a job's runner. */
export const RUNNER = `${os.hostname()}:${process.pid}`;

/** A runner on this host whose process no longer exists (another host's is judged by its heartbeat). */
function runnerGone(runner: string | null): boolean {
  if (!runner || runner === RUNNER) return false;
  const [host, pid] = runner.split(':');
  if (host !== os.hostname()) return false;
  try {
    process.kill(Number(pid), 0);
    return false;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/**
 * Jobs left running by a process that stopped: marked 中断 with what their checkpoint committed. On PGlite only
 * this process can run imports (the data-directory lock), so at start every running job is such a job; on
 * PostgreSQL another instance or the command line may be running one, so only a stopped heartbeat tells.
 */
export async function interruptOrphans(db: Database, opts: { atStart: boolean }): Promise<number[]> {
  const all = await db.query<JobRow & { stale: boolean }>(
    `${JOB_SQL.replace(' from import_jobs j', `, (j.heartbeat_at is null or j.heartbeat_at < now() - interval '${STALE_SECONDS} seconds') as stale from import_jobs j`)}
     where j.status = 'running'`,
  );
  const everyRunning = opts.atStart && db.kind === 'pglite';
  const jobs = all.filter((j) => everyRunning || j.stale || runnerGone(j.runner));
  for (const j of jobs)
    await db.query(
      "update import_jobs set status = 'interrupted', finished_at = now(), error = $2 where id = $1 and status = 'running'",
      [j.id, interruptedError(j)],
    );
  return jobs.map((j) => j.id);
}
