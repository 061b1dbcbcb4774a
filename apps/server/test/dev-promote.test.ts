import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/app.ts';
import { engines } from './helpers/db.ts';
import { createUser, loginToken, post } from './helpers/builders.ts';

const adminQueue = async (app: Parameters<typeof post>[0], token: string) =>
  (await app.inject({ method: 'GET', url: '/api/admin/certifications', headers: { authorization: token } })).json() as {
    code: number;
  };

describe.each(engines)('dev promote without DEV_OUTBOX on %s', (engine) => {
  const ctx = useTestApp(engine, { DEV_OUTBOX: '0' });

  it('is absent, and the role stays', async () => {
    const u = await createUser(ctx.app);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/dev/promote',
      payload: { username: u.username, role: 'admin' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 404, data: null });
    const [row] = await ctx.testDb.db.query<{ role: string }>('select role from users where id = $1', [u.id]);
    expect(row!.role).toBe('user');
  });
});

describe.each(engines)('dev promote with DEV_OUTBOX on %s', (engine) => {
  const ctx = useTestApp(engine);

  it('sets the role of an existing user, which then opens the operator API', async () => {
    const u = await createUser(ctx.app);
    const token = await loginToken(ctx.app, u.id);
    expect((await adminQueue(ctx.app, token)).code).toBe(403);
    const res = await post<{ id: number; role: string }>(ctx.app, '/api/dev/promote', { username: u.username, role: 'operator' });
    expect(res).toMatchObject({ code: 0, data: { id: u.id, role: 'operator' } });
    expect((await adminQueue(ctx.app, token)).code).toBe(0);
  });

  it('answers 404 for an unknown user and 400 for a bad role', async () => {
    expect((await post(ctx.app, '/api/dev/promote', { username: 'nobody00000x', role: 'admin' })).code).toBe(404);
    const u = await createUser(ctx.app);
    const bad = await post(ctx.app, '/api/dev/promote', { username: u.username, role: 'root' });
    expect(bad).toMatchObject({ code: 400, msg: '角色不正确' });
  });
});
