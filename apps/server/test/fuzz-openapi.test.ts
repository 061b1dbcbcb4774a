import { beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { engines } from './helpers/db.ts';
import { useTestApp } from './helpers/app.ts';
import { answerOf, post } from './helpers/answer.ts';
import { createUser, loginToken } from './helpers/builders.ts';
import { openActivity, serviceItem } from './helpers/fixtures.ts';
import { operationsOf, requestFor, rng, type Operation } from './helpers/fuzz.ts';
import { insertItem } from '../src/modules/portal/repository.ts';

/** Requests per engine: 20,000 in `npm test`; FUZZ_REQUESTS changes it for a local run. */
const TOTAL = Number(process.env.FUZZ_REQUESTS ?? 20_000);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const CONCURRENCY = 4;
/** Cases per operation and identity before the budget is spread by cost. */
const WARMUP = 2;
/** Calls that end sessions or the account on purpose run with a throwaway user's token. */
const ENDS_SESSION = /logout|delete-account|\/api\/user\/password|webSetPwd/;
const JSON_TYPE = 'application/json; charset=utf-8';

type Auth = 'none' | 'user' | 'admin' | 'bogus';
const keyOf = (op: Operation) => `${op.method} ${op.path}`;

/** A file download and an Atom feed (docs/decisions/0086) are the /api answers that are not the envelope. */
function isFileAnswer(res: LightMyRequestResponse): boolean {
  if (res.statusCode !== 200) return false;
  if (/attachment/.test(String(res.headers['content-disposition'] ?? ''))) return true;
  return /^application\/atom\+xml;/.test(String(res.headers['content-type'] ?? '')) && res.body.startsWith('<?xml');
}

function envelopeProblem(res: LightMyRequestResponse): string | null {
  if (isFileAnswer(res)) return null;
  if (res.headers['content-type'] !== JSON_TYPE) return `content-type ${String(res.headers['content-type'])}`;
  let body: unknown;
  try {
    body = res.json();
  } catch {
    return 'not JSON';
  }
  const b = body as { code?: unknown; msg?: unknown; data?: unknown };
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'not an object';
  if (Object.keys(b).sort().join() !== 'code,data,msg') return `keys ${Object.keys(b).join()}`;
  if (typeof b.code !== 'number' || typeof b.msg !== 'string') return 'code/msg types';
  if (b.code !== 0 && !/[\u4e00-\u9fa5]/.test(b.msg)) return `msg not Chinese: ${b.msg}`;
  return null;
}

describe.each(engines)('schema-driven fuzzing of every operation on %s', (engine) => {
  const ctx = useTestApp(engine, { SMS_IP_DAILY_LIMIT: '100000' });
  let ops: Operation[];
  let ids: number[];
  const tokens = {} as Record<'user' | 'admin', string>;
  let spare = 0;

  beforeAll(async () => {
    // Bystanders first, so the small ids the fuzzer aims at (role, status changes) are theirs.
    const bystanders = [];
    for (let i = 0; i < 4; i++) bystanders.push((await createUser(ctx.app)).id);
    const user = await createUser(ctx.app);
    const admin = await createUser(ctx.app, { role: 'admin' });
    spare = (await createUser(ctx.app)).id;
    tokens.user = await loginToken(ctx.app, user.id);
    tokens.admin = await loginToken(ctx.app, admin.id);
    const content = [
      await serviceItem(ctx.app),
      await openActivity(ctx.app),
      await insertItem(ctx.app.db, { section: 'news', category: 'policy', title: '示例资讯', attrs: {} }),
    ];
    // Never the ids of the fuzzer's own sessions: an admin may legitimately disable any other account.
    ids = [...bystanders, ...content, 1, 2, 3].filter((id) => id !== user.id && id !== admin.id);
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    ops = operationsOf(doc);
  });

  it(`answers ${TOTAL} hostile requests without a 5xx, always in the envelope`, { timeout: 600_000 }, async () => {
    expect(ops.length).toBeGreaterThan(50);
    const r = rng(SEED);
    const started = Date.now();
    const counts = { total: 0, status5xx: 0, outside: 0, files: 0, byCode: {} as Record<string, number> };
    const failures: string[] = [];
    const perOp = new Map<string, number>();
    const opTime = new Map<string, number>();

    async function one(op: Operation, auth: Auth) {
      const req: InjectOptions = requestFor(r, op, ids);
      const key = keyOf(op);
      if (auth !== 'none') {
        const token =
          auth === 'bogus'
            ? r.pick(['Bearer abc', 'x'.repeat(5000), '\u00ff\u00fe', 'null'])
            : ENDS_SESSION.test(op.path)
              ? await loginToken(ctx.app, spare)
              : tokens[auth];
        req.headers = { ...(req.headers as Record<string, string>), authorization: token };
      }
      req.remoteAddress = `10.99.${r.int(4)}.${1 + r.int(250)}`;
      const t0 = performance.now();
      const res = await ctx.app.inject(req);
      opTime.set(key, (opTime.get(key) ?? 0) + performance.now() - t0);
      counts.total += 1;
      perOp.set(key, (perOp.get(key) ?? 0) + 1);
      const tag = isFileAnswer(res)
        ? 'file'
        : String(
            (() => {
              try {
                return answerOf(res).code;
              } catch {
                return `http${res.statusCode}`;
              }
            })(),
          );
      counts.byCode[tag] = (counts.byCode[tag] ?? 0) + 1;
      if (tag === 'file') counts.files += 1;
      if (res.statusCode >= 500) {
        counts.status5xx += 1;
        failures.push(`${res.statusCode} ${req.method} ${String(req.url).slice(0, 200)} ${res.body.slice(0, 200)}`);
        return;
      }
      const problem = envelopeProblem(res);
      if (problem) {
        counts.outside += 1;
        failures.push(
          `${problem}: ${req.method} ${String(req.url).slice(0, 200)} -> ${res.statusCode} ${res.body.slice(0, 120)}`,
        );
      }
    }

    const auths: Auth[] = ['none', 'user', 'admin', 'bogus'];
    async function run(jobs: Array<[Operation, Auth]>) {
      let next = 0;
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          for (let i = next++; i < jobs.length; i = next++) await one(...jobs[i]!);
        }),
      );
    }
    // Round 1: every operation with every identity, WARMUP times. Round 2: the rest of the budget
    // spread in inverse proportion to each operation's cost (an Excel export costs a hundred
    // searches), so the run stays bounded while cheap operations get the most cases.
    const round1: Array<[Operation, Auth]> = [];
    for (let k = 0; k < WARMUP; k++) for (const auth of auths) for (const op of ops) round1.push([op, auth]);
    await run(round1);
    const round1Seconds = (Date.now() - started) / 1000;
    const weight = new Map(ops.map((op) => [op, perOp.get(keyOf(op))! / opTime.get(keyOf(op))!]));
    const sum = [...weight.values()].reduce((a, b) => a + b, 0);
    const left = Math.max(0, TOTAL - round1.length);
    const round2: Array<[Operation, Auth]> = [];
    for (const op of ops) {
      const n = Math.round((left * weight.get(op)!) / sum);
      for (let k = 0; k < n; k++) round2.push([op, r.pick(auths)]);
    }
    while (round1.length + round2.length < TOTAL) round2.push([r.pick(ops), r.pick(auths)]);
    for (let i = round2.length - 1; i > 0; i--) {
      const j = r.int(i + 1);
      [round2[i], round2[j]] = [round2[j]!, round2[i]!];
    }
    await run(round2);

    const seconds = (Date.now() - started) / 1000;
    console.log(
      `[fuzz ${engine}] seed ${SEED}: ${counts.total} requests over ${ops.length} operations (${perOp.size} reached) in ${seconds.toFixed(1)} s (first round ${round1Seconds.toFixed(1)} s); ` +
        `HTTP 5xx: ${counts.status5xx}; outside the envelope: ${counts.outside}; files: ${counts.files}; by code: ${JSON.stringify(counts.byCode)}`,
    );
    if (process.env.FUZZ_PROFILE)
      console.log(
        [...opTime]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 15)
          .map(([k, v]) => `${k} ${(v / perOp.get(k)!).toFixed(1)} ms x ${perOp.get(k)}`)
          .join('\n'),
      );
    expect(failures.slice(0, 20)).toEqual([]);
    expect(counts.total).toBeGreaterThanOrEqual(TOTAL);
    expect(perOp.size).toBe(ops.length);

    // Still healthy, and the sessions the fuzzer used still work.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).json()).toMatchObject({ code: 0 });
    expect(await post(ctx.app, '/api/sys/auth/getUserInfo', undefined, { token: tokens.user })).toMatchObject({ code: 0 });
    const adminList = await ctx.app.inject({ method: 'GET', url: '/api/admin/users', headers: { authorization: tokens.admin } });
    expect(adminList.json()).toMatchObject({ code: 0 });
  });
});
