// An import killed with SIGKILL at several points, batch by batch and bulk, from the command line and in the
// server (docs/decisions/0076): the job's counts match the catalogue after every kill, the same command (or the
// console's 继续导入) continues from the row after the checkpoint, and the end state equals an uninterrupted run:
// every row once, one status-history row per record, the rejected and repeated rows counted once.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client.ts';
import { createTestDb, engines, type Engine, type TestDb } from './helpers/db.ts';
import { fetchedAnswer, type DataOf } from './helpers/answer.ts';
import { createAdminCli, loginOverHttp, startServer } from './helpers/server-process.ts';

const CLI = path.resolve(import.meta.dirname, '../src/cli/import.ts');
/** Batches on both engines: PGlite cuts the file into 250-row batches, PostgreSQL into 2,000 (run-job.ts). */
const ROWS = 24_000;

/**
 * ROWS data rows: every 1,000th has no title (rejected), and every 997th repeats the number of the row 3,000
 * before it (a repeat across batches, later row wins). Answers the file and what an uninterrupted run counts.
 */
function writeFile(dir: string, year: number) {
  const lines = ['标准编号,标准名称,状态'];
  let rejected = 0;
  let repeats = 0;
  for (let i = 1; i <= ROWS; i++) {
    if (i % 1000 === 0) {
      rejected++;
      lines.push(`DB4420/T ${i}-${year},,现行`);
    } else if (i % 997 === 0 && i > 3000 && (i - 3000) % 1000 !== 0) {
      repeats++;
      lines.push(`DB4420/T ${i - 3000}-${year},示例中断测试重复第${i}行,废止`);
    } else lines.push(`DB4420/T ${i}-${year},示例中断测试第${i}号,现行`);
  }
  const file = path.join(dir, `kill-${year}.csv`);
  fs.writeFileSync(file, lines.join('\n'));
  return { file, source: `示例-中断测试-${year}`, rejected, repeats, records: ROWS - rejected - repeats };
}

interface Run {
  code: number | null;
  out: string;
  err: string;
  killed: boolean;
}

/** The command-line import; killed with SIGKILL once it reports `killAt` rows (--progress lines), if given. */
function runImport(
  f: { file: string; source: string },
  env: Record<string, string>,
  args: string[],
  killAt?: number,
): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, f.file, '--source', f.source, '--progress', ...args], {
      env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'silent', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    let killed = false;
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => {
      err += d;
      const done = [...err.matchAll(/已处理 (\d+) 行/g)].map((m) => Number(m[1]));
      if (killAt !== undefined && !killed && done.some((n) => n >= killAt)) {
        killed = true;
        child.kill('SIGKILL');
      }
    });
    child.on('exit', (code) => resolve({ code, out, err, killed }));
  });
}

type Job = {
  id: number;
  status: string;
  committed_rows: number;
  inserted: number;
  updated: number;
  rejected: number;
  duplicates: number;
};

/** The newest job and what the catalogue holds of this file: records and their status-history rows. */
async function state(db: Database, source: string) {
  const [job] = await db.query<Job>(
    'select id, status, committed_rows, inserted, updated, rejected, duplicates from import_jobs order by id desc limit 1',
  );
  const [c] = await db.query<{ records: number; history: number }>(
    `select (select count(*)::int from standards where source = $1) as records,
       (select count(*)::int from standard_status_history h join standards s on s.id = h.standard_id where s.source = $1) as history`,
    [source],
  );
  return { job: job!, ...c! };
}

// Each case starts several Node processes (and servers) that load PGlite: minutes on a busy 2-core machine.
describe.each(engines)('an import killed with SIGKILL, on %s', { timeout: 600_000 }, (engine: Engine) => {
  let dir: string;
  let pgDb: TestDb | undefined;
  const env = (): Record<string, string> =>
    engine === 'postgres' ? { DATABASE_URL: pgDb!.url! } : { DATA_DIR: path.join(dir, 'data') };
  /** The database between runs (PGlite: opened only while no import process holds it). */
  const inspect = async <T>(fn: (db: Database) => Promise<T>): Promise<T> => {
    if (engine === 'postgres') return fn(pgDb!.db);
    const db = await openDatabase({ dataDir: path.join(dir, 'data') });
    try {
      return await fn(db);
    } finally {
      await db.close();
    }
  };

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), `zs-kill-${engine}-`));
    if (engine === 'postgres') pgDb = await createTestDb('postgres');
  }, 300_000);
  afterAll(async () => {
    await pgDb?.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('batch by batch: after each kill the job counts what the catalogue holds; the same command continues to the same end', async () => {
    const f = writeFile(dir, 2021);
    const first = await runImport(f, env(), [], ROWS * 0.2);
    expect(first.killed, first.err).toBe(true);
    const a = await inspect((db) => state(db, f.source));
    expect(a.job.status).toBe('running');
    expect(a.job.committed_rows).toBeGreaterThan(0);
    expect(a.job.committed_rows).toBeLessThan(ROWS);
    // Counts match the catalogue row for row: every record this job inserted is there, with its history row.
    expect(a.records).toBe(a.job.inserted);
    expect(a.history).toBe(a.job.inserted + (await inspect((db) => statusChanges(db, f.source))));

    const second = await runImport(f, env(), [], ROWS * 0.7);
    expect(second.out).toContain(`继续中断的导入（任务 #${a.job.id}）`);
    expect(second.out).toContain(`从第 ${a.job.committed_rows + 1} 个数据行继续`);
    expect(second.killed, second.err).toBe(true);
    const b = await inspect((db) => state(db, f.source));
    expect(b.job.id).toBe(a.job.id);
    expect(b.job.committed_rows).toBeGreaterThan(a.job.committed_rows);
    expect(b.records).toBe(b.job.inserted);

    const third = await runImport(f, env(), []);
    expect(third.code, third.err + third.out).toBe(1); // rejected rows make the exit code 1
    expect(third.out).toContain('继续中断的导入');
    const c = await inspect((db) => state(db, f.source));
    expect(c.job).toMatchObject({
      id: a.job.id,
      status: 'done',
      committed_rows: ROWS,
      rejected: f.rejected,
      duplicates: f.repeats,
    });
    expect(c.records).toBe(f.records);
    expect(c.job.inserted).toBe(f.records);
    // One history row per record, plus one per repeat that changed a record's status (现行 → 废止), never twice.
    expect(c.history).toBe(f.records + f.repeats);
    expect(await inspect((db) => statusChanges(db, f.source))).toBe(f.repeats);
  });

  it('bulk: a kill leaves the catalogue as it was, and the next run loads the whole file', async () => {
    const f = writeFile(dir, 2022);
    const before = await inspect(async (db) => (await db.query<{ n: number }>('select count(*)::int as n from standards'))[0]!.n);
    const first = await runImport(f, env(), ['--bulk'], ROWS * 0.5);
    expect(first.killed, first.err).toBe(true);
    const a = await inspect(async (db) => ({
      n: (await db.query<{ n: number }>('select count(*)::int as n from standards'))[0]!.n,
      ...(await state(db, f.source)),
    }));
    expect(a.n).toBe(before);
    expect(a.job).toMatchObject({ status: 'running', committed_rows: 0, inserted: 0 });

    const second = await runImport(f, env(), ['--bulk']);
    expect(second.out).toContain(`继续中断的导入（任务 #${a.job.id}）：目录未作任何改动；从第 1 个数据行继续`);
    expect(second.code, second.err).toBe(1);
    const b = await inspect(async (db) => ({
      n: (await db.query<{ n: number }>('select count(*)::int as n from standards'))[0]!.n,
      ...(await state(db, f.source)),
    }));
    expect(b.n).toBe(before + f.records);
    expect(b.job).toMatchObject({ status: 'done', committed_rows: ROWS, inserted: f.records, rejected: f.rejected });
  });

  it('in the server: a console import killed with the server is 中断 after the restart, counted as the catalogue holds it, and 继续导入 finishes it', async () => {
    const f = writeFile(dir, 2023);
    const source = '运营后台导入：kill-2023.csv';
    expect(await createAdminCli(env(), 'killadmin01', '13800138011', PASSWORD)).toBe(0);
    const login = async (url: string) => (await loginOverHttp(url, 'killadmin01', PASSWORD)).data.accessToken;
    let server = await startServer(env());
    let token = await login(server.url);
    const form = new FormData();
    form.append('file', new Blob([fs.readFileSync(f.file)], { type: 'text/csv' }), 'kill-2023.csv');
    const preview = await fetchedAnswer<DataOf<'POST /api/admin/imports'>>(
      await fetch(`${server.url}/api/admin/imports`, { method: 'POST', headers: { authorization: token }, body: form }),
    );
    expect(preview.code, preview.msg).toBe(0);
    const id = preview.data.job.id;
    const started = await fetchedAnswer(
      await fetch(`${server.url}/api/admin/imports/${id}/start`, { method: 'POST', headers: { authorization: token } }),
    );
    expect(started.code, started.msg).toBe(0);
    await jobUntil(server.url, token, id, (j) => j.rows >= ROWS * 0.3);
    await server.kill9();

    server = await startServer(env());
    token = await login(server.url);
    const stopped = await jobUntil(server.url, token, id, (j) => j.status !== 'running');
    expect(stopped).toMatchObject({ status: 'interrupted', canResume: true });
    expect(stopped.rows).toBeLessThan(ROWS);
    expect(stopped.error).toContain(`可从第 ${stopped.rows + 1} 个数据行继续导入`);
    // What the job says is what the catalogue holds (PGlite: read once the server has let go of the data).
    if (engine === 'pglite') await server.stop();
    const held = await inspect((db) => state(db, source));
    expect(held.records).toBe(stopped.inserted);
    expect(held.job).toMatchObject({ id, committed_rows: stopped.rows });
    if (engine === 'pglite') {
      server = await startServer(env());
      token = await login(server.url);
    }

    const resumed = await fetchedAnswer<ApiJob>(
      await fetch(`${server.url}/api/admin/imports/${id}/resume`, { method: 'POST', headers: { authorization: token } }),
    );
    expect(resumed.code, resumed.msg).toBe(0);
    const done = await jobUntil(server.url, token, id, (j) => j.status !== 'running');
    expect(done).toMatchObject({ status: 'done', rows: ROWS, inserted: f.records, rejected: f.rejected, duplicates: f.repeats });
    await server.stop();
    const end = await inspect((db) => state(db, source));
    expect(end.records).toBe(f.records);
    expect(end.history).toBe(f.records + f.repeats);
  });
});

const PASSWORD = 'Kill#Admin2026';

type ApiJob = DataOf<'GET /api/admin/imports/:id'>;

/** The server's import job, asked until `until` holds (each answer is a fresh read of the job row). */
async function jobUntil(base: string, token: string, id: number, until: (j: ApiJob) => boolean): Promise<ApiJob> {
  for (;;) {
    const j = await fetchedAnswer<ApiJob>(await fetch(`${base}/api/admin/imports/${id}`, { headers: { authorization: token } }));
    if (j.code === 0 && until(j.data)) return j.data;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Status changes written for this file's records after their first status (the repeats' 现行 → 废止). */
async function statusChanges(db: Database, source: string): Promise<number> {
  const [r] = await db.query<{ n: number }>(
    `select count(*)::int as n from standard_status_history h join standards s on s.id = h.standard_id
     where s.source = $1 and h.old_status is not null`,
    [source],
  );
  return r!.n;
}
