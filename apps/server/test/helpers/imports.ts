import type { FastifyInstance } from 'fastify';
import { call, type DataOf } from './answer.ts';

/** Polls a console import until it is done or failed (the job runs in the background of the same app). */
export async function waitForJob(app: FastifyInstance, token: string, id: number) {
  for (let i = 0; i < 600; i++) {
    const j = await call<DataOf<'GET /api/admin/imports/:id'>>(app, 'GET', `/api/admin/imports/${id}`, token);
    if (j.data.status === 'done' || j.data.status === 'failed') return j.data;
    await new Promise((r) => setImmediate(r));
    await app.db.query('select 1');
  }
  throw new Error('import did not finish');
}
