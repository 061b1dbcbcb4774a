import { describe, expect, it } from 'vitest';
import { engines } from './helpers/db.ts';
import { useTestApp } from './helpers/app.ts';
import { createUser, loginToken } from './helpers/builders.ts';
import { userWithToken } from './helpers/login.ts';

const URL = '/api/portal/standards/missing-reports';
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const valid = { standardNo: 'DB4420/T 99-2099', title: '示例：缺失标准反馈', seenAt: '某公告', region: 'zhongshan' };

describe.each(engines)('missing-standard reports on %s', (engine) => {
  const ctx = useTestApp(engine);
  const send = (payload: string, type = 'application/x-www-form-urlencoded', ip = '10.1.0.1') =>
    ctx.app
      .inject({ method: 'POST', url: URL, headers: { 'content-type': type }, payload, remoteAddress: ip })
      .then((r) => r.json());

  it('accepts a form-urlencoded report and queues it for operators', async () => {
    const r = await send(
      form({ ...valid, contact: '13800000000' }),
      'application/x-www-form-urlencoded; charset=UTF-8',
      '10.1.0.2',
    );
    expect(r).toMatchObject({ code: 0, msg: '感谢反馈，平台运营人员核实后将补充该标准' });
    const u = await userWithToken(ctx.app, 'operator');
    const token = u.token;
    const q = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/standards/missing-reports',
      headers: { authorization: token },
    });
    const item = q.json().data.list.find((x: { id: number }) => x.id === r.data.id);
    expect(item).toMatchObject({
      standardNo: 'DB4420/T 99-2099',
      contact: '13800000000',
      region: 'zhongshan',
      status: 'pending',
    });
    const noReason = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/standards/missing-reports/${r.data.id}`,
      headers: { authorization: token, 'content-type': 'application/json' },
      payload: JSON.stringify({ status: 'rejected' }),
    });
    expect(noReason.json()).toMatchObject({ code: 400, msg: '驳回时请填写原因' });
    const done = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/standards/missing-reports/${r.data.id}`,
      headers: { authorization: token, 'content-type': 'application/json' },
      payload: JSON.stringify({ status: 'rejected', reason: '该编号尚未发布' }),
    });
    expect(done.json().code).toBe(0);
    // Decided once, and audited.
    const again = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/standards/missing-reports/${r.data.id}`,
      headers: { authorization: token, 'content-type': 'application/json' },
      payload: JSON.stringify({ status: 'accepted' }),
    });
    expect(again.json()).toMatchObject({ code: 400, msg: '该反馈已处理' });
    const audit = await ctx.testDb.db.query<{ action: string; actor_id: number }>(
      `select action, actor_id from audit_log where target_type = 'missing_report' and target_id = $1`,
      [r.data.id],
    );
    expect(audit).toEqual([{ action: 'missing_report.rejected', actor_id: u.id }]);
    const plain = await loginToken(ctx.app, (await createUser(ctx.app)).id);
    expect(
      (
        await ctx.app.inject({ method: 'GET', url: '/api/admin/standards/missing-reports', headers: { authorization: plain } })
      ).json().code,
    ).toBe(403);
  });

  it('refuses JSON and invalid fields with clear messages', async () => {
    const json = await send(JSON.stringify(valid), 'application/json', '10.1.0.3');
    expect(json).toEqual({ code: 400, msg: '请以表单方式（application/x-www-form-urlencoded）提交', data: null });
    expect((await send(form({ ...valid, standardNo: '  ' }), undefined, '10.1.0.3')).msg).toBe('请填写标准号');
    expect((await send(form({ ...valid, title: 'x'.repeat(201) }), undefined, '10.1.0.3')).msg).toBe('标准名称不能超过200个字符');
    expect((await send(form({ ...valid, region: 'beijing' }), undefined, '10.1.0.3')).msg).toBe('提交页面不正确');
    const { seenAt: _, ...noSeen } = valid;
    expect((await send(form(noSeen), undefined, '10.1.0.3')).msg).toBe('请填写在何处看到该标准');
  });

  it('limits each client address to 10 reports a day', async () => {
    for (let i = 0; i < 10; i++) expect((await send(form(valid), undefined, '10.1.0.9')).code).toBe(0);
    expect(await send(form(valid), undefined, '10.1.0.9')).toMatchObject({ code: 429 });
    expect((await send(form(valid), undefined, '10.1.0.10')).code).toBe(0);
  });
});
