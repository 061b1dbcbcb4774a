import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { call, type DataOf } from './answer.ts';
import { multipart } from './multipart.ts';

/** Polls a console import until it is done or failed (the job runs in the background of the same app). */
export async function waitForJob(app: FastifyInstance, token: string, id: number) {
  // By time, not by polls: on PGlite a job ends only once the title index holds what it wrote (decisions/0103).
  const until = performance.now() + 60_000;
  while (performance.now() < until) {
    const j = await call<DataOf<'GET /api/admin/imports/:id'>>(app, 'GET', `/api/admin/imports/${id}`, token);
    if (j.data.status === 'done' || j.data.status === 'failed') return j.data;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error('import did not finish');
}

/** Uploads a CSV through the console's import, starts it and waits for it: the job as it ended, with its id. */
export async function runImport(app: FastifyInstance, token: string, filename: string, csv: string) {
  const { payload, headers } = multipart([{ filename, type: 'text/csv', content: Buffer.from(csv) }]);
  const up = (
    await app.inject({ method: 'POST', url: '/api/admin/imports', payload, headers: { ...headers, authorization: token } })
  ).json();
  expect(up.code, up.msg).toBe(0);
  const id: number = up.data.job.id;
  const started = await call(app, 'POST', `/api/admin/imports/${id}/start`, token);
  expect(started.code, started.msg).toBe(0);
  return { id, job: await waitForJob(app, token, id) };
}
