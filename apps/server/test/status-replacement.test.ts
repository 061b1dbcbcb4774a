import { describe, expect, it } from 'vitest';
import { engines } from './helpers/db.ts';
import { useTestApp } from './helpers/app.ts';
import { call, type DataOf } from './helpers/answer.ts';
import { userWithToken } from './helpers/login.ts';
import { collect } from './helpers/usercentre.ts';

/** Issue 30: the status-change dialog names the replacing standard; the public record and the alerts carry it. */
describe.each(engines)('status change naming the replacement on %s', (engine) => {
  const ctx = useTestApp(engine);

  it('records the replacement as its 代替 relation, fills the abolish date and names number and title in the message', async () => {
    const op = await userWithToken(ctx.app, 'operator');
    const collector = await userWithToken(ctx.app);
    const create = async (standardNo: string, nameZh: string) =>
      (await call<DataOf<'POST /api/admin/standards'>>(ctx.app, 'POST', '/api/admin/standards', op.token, { standardNo, nameZh }))
        .data.id;
    const old = await create('DB4420/T 71-2020', '【示例】荔枝干加工规范');
    const successor = await create('DB4420/T 71-2026', '【示例】荔枝干加工技术规范');
    await collect(ctx.app, collector.id, old, new Date(Date.now() - 60_000).toISOString());
    const change = (body: Record<string, unknown>) =>
      call<DataOf<'POST /api/admin/standards/:id/status'>>(ctx.app, 'POST', `/api/admin/standards/${old}/status`, op.token, {
        status: 'abolished',
        effectiveDate: '2026-03-01',
        reason: '被新版代替后废止',
        ...body,
      });
    expect((await change({ replacedById: old })).msg).toBe('代替标准不能是本标准');
    expect((await change({ replacedById: 999_999_999 })).msg).toBe('所选的代替标准不存在');

    const res = await change({ replacedById: successor });
    expect(res.code, res.msg).toBe(0);
    expect(res.data.abolishDate).toBe('2026-03-01');
    expect(res.data.notified).toBe(1);
    const [msg] = await ctx.app.db.query<{ body: string }>(
      "select body from messages where user_id = $1 and kind = 'standard_status'",
      [collector.id],
    );
    expect(msg!.body).toContain('请改用代替标准 DB4420/T 71-2026《【示例】荔枝干加工技术规范》');

    const pub = await call<DataOf<'GET /api/portal/standards/:id'>>(ctx.app, 'GET', `/api/portal/standards/${old}`);
    expect(pub.data.replacedBy.map((r) => [r.standardNo, r.id])).toEqual([['DB4420/T 71-2026', successor]]);
    const [audit] = await ctx.app.db.query<{ detail: Record<string, unknown> }>(
      "select detail from audit_log where action = 'standard.status' and target_id = $1",
      [old],
    );
    expect(audit!.detail.replacedBy).toBe('DB4420/T 71-2026');
  });
});
