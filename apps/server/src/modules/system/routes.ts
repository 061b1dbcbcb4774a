import fs from 'node:fs/promises';
import path from 'node:path';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Code, type Ready } from '@zs/shared';
import * as api from '@zs/shared/api/system';
import { ok } from '../../lib/envelope.ts';
import { routeSchema } from '../../lib/contract.ts';

const tags = ['system'];
/** Below this the uploads volume counts as full: an upload could fail half-written. */
const MIN_FREE_BYTES = 64 * 1024 * 1024;

async function pass(check: () => Promise<unknown>): Promise<'ok' | 'fail'> {
  try {
    await check();
    return 'ok';
  } catch {
    return 'fail';
  }
}

/** How long readiness waits for the database before it reports it failing (a batch of an import takes far less). */
const READY_DB_MS = 3000;

/** The promise, or a rejection once `ms` have passed. */
function within<T>(ms: number, p: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), ms);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

/** Writes, reads back and removes a small file where uploads go; returns the free bytes there. */
async function diskCheck(filesDir: string): Promise<{ ok: boolean; free: number | null }> {
  try {
    await fs.mkdir(filesDir, { recursive: true });
    const probe = path.join(filesDir, `.ready-${process.pid}-${Date.now()}`);
    await fs.writeFile(probe, 'ok');
    await fs.rm(probe);
    const st = await fs.statfs(filesDir);
    const free = st.bavail * st.bsize;
    return { ok: free >= MIN_FREE_BYTES, free };
  } catch {
    return { ok: false, free: null };
  }
}

/** Liveness, readiness and the public run-time settings of the web app (docs/product.md §3). */
export default fp(
  async function systemRoutes(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();

    // Liveness only: the process answers. It does not wait for the database, which may be busy (a batch of an
    // import holds PGlite's one connection): a supervisor that restarts a process whose health check stalls would
    // kill the import it waits for (docs/decisions/0076). Whether the database answers is /api/ready's question.
    r.get(
      api.health.path,
      { schema: { tags, summary: '存活检查（进程在运行；不查询数据库）', ...routeSchema(api.health) } },
      async () => ok({ status: 'ok' as const, db: app.db.kind }),
    );

    r.get(
      api.ready.path,
      {
        schema: {
          tags,
          summary: '就绪检查（数据库、Redis、磁盘、只读副本）',
          ...routeSchema(api.ready),
          response: { 200: api.ready.envelope, 503: api.ready.envelope },
        },
      },
      async (_req, reply) => {
        const [db, redis, disk] = await Promise.all([
          pass(() => within(READY_DB_MS, app.db.query('select 1'))),
          app.ephemeral.kind === 'redis' ? pass(() => app.ephemeral.get('ready-check')) : Promise.resolve('off' as const),
          diskCheck(app.config.filesDir),
        ]);
        // A replica that is down or lags costs no readiness: the primary serves its reads meanwhile.
        const replica = app.replicaStatus();
        const replicaCheck = !replica ? 'off' : replica.serving === 'replica' ? 'ok' : 'fail';
        const checks: Ready['checks'] = { db, redis, disk: disk.ok ? 'ok' : 'fail', replica: replicaCheck };
        const ready = db !== 'fail' && redis !== 'fail' && disk.ok;
        const data: Ready = { status: ready ? 'ready' : 'unavailable', checks, diskFreeBytes: disk.free, replica };
        // A load balancer reads the HTTP status, so "not ready" is a 503 here (unlike the API's envelope rule).
        if (!ready) return reply.status(503).send({ code: Code.SERVER_ERROR, msg: '服务未就绪', data });
        return ok(data);
      },
    );

    r.get(
      api.publicConfig.path,
      { schema: { tags, summary: '前端运行时配置（密码加密密钥等）', ...routeSchema(api.publicConfig) } },
      async (_req, reply) => {
        // Read before every encrypted submit: a key changed by a restart reaches open pages at once.
        reply.header('cache-control', 'no-store');
        return ok({ passwordAesKey: app.passwordAesKey });
      },
    );
  },
  { name: 'system', dependencies: ['db', 'envelope', 'secrets', 'auth'] },
);
