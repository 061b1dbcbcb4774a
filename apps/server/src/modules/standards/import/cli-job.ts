import fs from 'node:fs';
import path from 'node:path';
import type { Database } from '../../../db/client.ts';
import { sqlState, UNIQUE_VIOLATION } from '../../../db/tx.ts';
import { formatOf } from '../../../lib/tabular/readers.ts';
import { JOB_SQL, jobRow, type JobRow } from './job-row.ts';
import { BATCH_ROWS, fileDigest, interruptOrphans, RUNNER } from './run-job.ts';

/**
 * The job of a command-line import (docs/decisions/0076): the run is recorded like a console import, so the
 * console lists it and a run that stopped is continued by the same command. The operator's file is never removed.
 * Answers the job, marked running, and whether it continues an interrupted run of the same file.
 */
export async function cliJob(
  db: Database,
  file: string,
  o: { format?: string; mapping?: string; source?: string; batchSize?: number },
): Promise<{ job: JobRow; resumed: boolean }> {
  const full = path.resolve(file);
  const digest = await fileDigest(full);
  // On PGlite this process holds the data directory, so any running job is one whose process stopped.
  await interruptOrphans(db, { atStart: true });
  const [stopped] = await db.query<JobRow>(
    `${JOB_SQL} where j.status = 'interrupted' and j.origin = 'cli' and j.file_path = $1 and j.file_digest = $2
     order by j.id desc limit 1`,
    [full, digest],
  );
  try {
    if (stopped) {
      await db.query(
        "update import_jobs set status = 'running', finished_at = null, error = null, heartbeat_at = now(), runner = $2 where id = $1",
        [stopped.id, RUNNER],
      );
      return { job: await jobRow(db, stopped.id), resumed: true };
    }
    const [row] = await db.query<{ id: number }>(
      `insert into import_jobs (status, file_name, file_path, format, size_bytes, mapping, source, origin, file_digest, batch_size,
         started_at, heartbeat_at, runner)
       values ('running', $1, $2, $3, $4, $5, $6, 'cli', $7, $8, now(), now(), $9) returning id`,
      [
        path.basename(full).slice(-200),
        full,
        formatOf(full, o.format),
        fs.statSync(full).size,
        o.mapping ?? null,
        o.source ?? null,
        digest,
        o.batchSize ?? BATCH_ROWS[db.kind],
        RUNNER,
      ],
    );
    return { job: await jobRow(db, row!.id), resumed: false };
  } catch (err) {
    if (sqlState(err) === UNIQUE_VIOLATION)
      throw new Error('已有导入正在进行（运营后台或另一个导入命令），请等待其完成后再运行', { cause: err });
    throw err;
  }
}
