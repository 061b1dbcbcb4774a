import type { FastifyInstance } from 'fastify';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { engines } from './helpers/db.ts';
import { useTestApp } from './helpers/app.ts';
import { multipart } from './helpers/multipart.ts';
import { call, type DataOf } from './helpers/answer.ts';
import { waitForJob } from './helpers/imports.ts';
import { userWithToken } from './helpers/login.ts';
import { collect } from './helpers/usercentre.ts';

const req = call;

const auditRows = (app: FastifyInstance, action: string, targetId?: number) =>
  app.db.query<{ actor_id: number; detail: Record<string, unknown> }>(
    `select actor_id, detail from audit_log where action = $1 ${targetId ? 'and target_id = $2' : ''} order by id`,
    targetId ? [action, targetId] : [action],
  );

describe.each(engines)('operator console (operations) on %s', (engine) => {
  const ctx = useTestApp(engine);
  const form = (no: string, over: Record<string, unknown> = {}) => ({
    standardNo: no,
    nameZh: `【示例】测试标准 ${no}`,
    ...over,
  });

  it('answers 401/403 to visitors and plain users on every console route; operators are refused on users, settings and roles', async () => {
    const plain = await userWithToken(ctx.app);
    const op = await userWithToken(ctx.app, 'operator');
    const operatorRoutes: Array<['GET' | 'POST' | 'PUT', string, unknown?]> = [
      ['GET', '/api/admin/standards'],
      ['GET', '/api/admin/standards/1'],
      ['POST', '/api/admin/standards', form('DB4420/T 1-2024')],
      ['PUT', '/api/admin/standards/1', form('DB4420/T 1-2024')],
      ['POST', '/api/admin/standards/1/status', { status: 'abolished', effectiveDate: '2026-01-01', reason: 'x' }],
      ['PUT', '/api/admin/standards/1/relations', { relations: [] }],
      ['GET', '/api/admin/imports'],
      ['POST', '/api/admin/imports/1/start'],
      ['GET', '/api/admin/imports/1/report'],
    ];
    const adminRoutes: Array<['GET' | 'POST' | 'PUT', string, unknown?]> = [
      ['GET', '/api/admin/users'],
      ['GET', '/api/admin/users/1'],
      ['POST', '/api/admin/users/1/role', { role: 'admin' }],
      ['POST', '/api/admin/users/1/status', { status: 'disabled' }],
      ['GET', '/api/admin/settings'],
      ['PUT', '/api/admin/settings', { contacts: [{ realName: '甲', mobile: '13800000000' }] }],
      ['POST', '/api/admin/settings/privacy', { version: 'v1', title: 't', bodyHtml: 'b', effectiveDate: '2026-01-01' }],
      ['PUT', '/api/admin/settings/banned-words', { words: [] }],
      ['GET', '/api/admin/audit-log'],
    ];
    for (const [method, url, body] of [...operatorRoutes, ...adminRoutes]) {
      expect(await req(ctx.app, method, url, undefined, body), `${method} ${url}`).toMatchObject({ status: 200, code: 401 });
      expect(await req(ctx.app, method, url, plain.token, body), `${method} ${url}`).toMatchObject({ status: 200, code: 403 });
    }
    for (const [method, url, body] of adminRoutes) {
      expect(await req(ctx.app, method, url, op.token, body), `${method} ${url}`).toMatchObject({ code: 403 });
    }
    expect(await req(ctx.app, 'GET', '/api/admin/standards', op.token)).toMatchObject({ code: 0 });
  });

  it('adds a record by hand with the number normalised, refuses a duplicate with a link, edits every field with an audit before → after', async () => {
    const op = await userWithToken(ctx.app, 'operator');
    const bad = await req(ctx.app, 'POST', '/api/admin/standards', op.token, form('这不是编号'));
    expect(bad).toMatchObject({ code: 400 });
    expect(bad.msg).toContain('无法识别的标准编号');
    expect((await req(ctx.app, 'POST', '/api/admin/standards', op.token, { standardNo: 'DB4420/T 7-2024' })).msg).toBe(
      '请填写标准名称',
    );
    expect(
      (await req(ctx.app, 'POST', '/api/admin/standards', op.token, form('DB4420/T 7-2024', { implementDate: '2024-02-30' })))
        .msg,
    ).toBe('实施日期不是有效日期');

    const created = await req<DataOf<'POST /api/admin/standards'>>(
      ctx.app,
      'POST',
      '/api/admin/standards',
      op.token,
      form('db4420／t 7—2024', { implementDate: '2024-03-01' }),
    );
    expect(created.code, created.msg).toBe(0);
    expect(created.data.standardNo).toBe('DB4420/T 7-2024');
    const id = created.data.id as number;
    const check = await req(ctx.app, 'GET', '/api/admin/standards/check-no?no=DB4420%2FT%207-2024', op.token);
    expect(check.data).toMatchObject({ valid: true, existingId: id, existingNo: 'DB4420/T 7-2024' });
    const dup = await req(ctx.app, 'POST', '/api/admin/standards', op.token, form('db4420/t 7-2024'));
    expect(dup.code).toBe(400);
    expect(dup.msg).toContain(`/admin/standards/${id}`);

    const detail = await req<DataOf<'GET /api/admin/standards/:id'>>(ctx.app, 'GET', `/api/admin/standards/${id}`, op.token);
    expect(detail.data).toMatchObject({ level: 'local', nature: 'recommended', region: '中山', status: 'current' });
    const edited = await req(ctx.app, 'PUT', `/api/admin/standards/${id}`, op.token, {
      ...detail.data,
      nameZh: '【示例】改过的名称',
      scope: '适用于中山市',
      drafters: '张三',
      nameEn: '',
    });
    expect(edited.code, edited.msg).toBe(0);
    expect(edited.data).toMatchObject({ nameZh: '【示例】改过的名称', scope: '适用于中山市', drafters: '张三', nameEn: null });
    const [audit] = await auditRows(ctx.app, 'standard.update', id);
    expect(audit!.actor_id).toBe(op.id);
    expect((audit!.detail.changes as Record<string, unknown>).nameZh).toEqual([
      `【示例】测试标准 db4420／t 7—2024`,
      '【示例】改过的名称',
    ]);
    expect(await auditRows(ctx.app, 'standard.create', id)).toHaveLength(1);
  });

  it('puts a record added or renumbered by hand in number order', async () => {
    const op = await userWithToken(ctx.app, 'operator');
    const ids: Record<string, number> = {};
    for (const no of ['DB4420/T 40-2024', 'DB4420/T 5-2024', 'DB4420/T 300-2024']) {
      const r = await req<DataOf<'POST /api/admin/standards'>>(ctx.app, 'POST', '/api/admin/standards', op.token, form(no));
      expect(r.code, r.msg).toBe(0);
      ids[no] = r.data.id;
    }
    const listed = async () =>
      (
        await req<DataOf<'GET /api/portal/standards'>>(
          ctx.app,
          'GET',
          `/api/portal/standards?keyword=${encodeURIComponent('DB4420/T')}&size=100`,
        )
      ).data.list
        .map((i: { standardNo: string }) => i.standardNo)
        .filter((n: string) => /^DB4420\/T (5|40|300|2)-2024$/.test(n));
    expect(await listed()).toEqual(['DB4420/T 5-2024', 'DB4420/T 40-2024', 'DB4420/T 300-2024']);
    const detail = await req<DataOf<'GET /api/admin/standards/:id'>>(
      ctx.app,
      'GET',
      `/api/admin/standards/${ids['DB4420/T 300-2024']}`,
      op.token,
    );
    const moved = await req(ctx.app, 'PUT', `/api/admin/standards/${ids['DB4420/T 300-2024']}`, op.token, {
      ...detail.data,
      standardNo: 'DB4420/T 2-2024',
    });
    expect(moved.code, moved.msg).toBe(0);
    expect(await listed()).toEqual(['DB4420/T 2-2024', 'DB4420/T 5-2024', 'DB4420/T 40-2024']);
  });

  it('changes a status with date and reason: history grows, collectors get a message at once, the public detail shows it', async () => {
    const op = await userWithToken(ctx.app, 'operator');
    const collector = await userWithToken(ctx.app);
    const id = (
      await req<DataOf<'POST /api/admin/standards'>>(
        ctx.app,
        'POST',
        '/api/admin/standards',
        op.token,
        form('DB4420/T 8-2023', { implementDate: '2023-05-01' }),
      )
    ).data.id;
    await collect(ctx.app, collector.id, id, new Date(Date.now() - 60_000).toISOString());
    expect(
      (
        await req(ctx.app, 'POST', `/api/admin/standards/${id}/status`, op.token, {
          status: 'abolished',
          effectiveDate: '2026-01-01',
        })
      ).msg,
    ).toBe('请填写变更原因');
    const res = await req<DataOf<'POST /api/admin/standards/:id/status'>>(
      ctx.app,
      'POST',
      `/api/admin/standards/${id}/status`,
      op.token,
      {
        status: 'abolished',
        effectiveDate: '2026-01-01',
        reason: '市场监管局公告废止',
      },
    );
    expect(res.code, res.msg).toBe(0);
    expect(res.data.notified).toBe(1);
    expect(res.data.abolishDate).toBe('2026-01-01');
    expect(res.data.history.at(-1)).toMatchObject({
      oldStatus: 'current',
      newStatus: 'abolished',
      effectiveDate: '2026-01-01',
      reason: '市场监管局公告废止',
    });
    const msgs = await ctx.app.db.query<{ title: string; body: string }>(
      "select title, body from messages where user_id = $1 and kind = 'standard_status'",
      [collector.id],
    );
    expect(msgs).toHaveLength(1);
    expect(msgs[0]!.body).toContain('「废止」');
    const pub = await req<DataOf<'GET /api/portal/standards/:id'>>(ctx.app, 'GET', `/api/portal/standards/${id}`);
    expect(pub.data.status).toBe('abolished');
    expect(await auditRows(ctx.app, 'standard.status', id)).toHaveLength(1);
    expect(
      (
        await req(ctx.app, 'POST', `/api/admin/standards/${id}/status`, op.token, {
          status: 'abolished',
          effectiveDate: '2026-01-01',
          reason: 'x',
        })
      ).msg,
    ).toBe('新状态与当前状态相同');
  });

  it('counts the collectors told exactly while the alert job runs at the same moment', async () => {
    const op = await userWithToken(ctx.app, 'operator');
    const collectors = await Promise.all([1, 2, 3].map(() => userWithToken(ctx.app)));
    const id = (
      await req<DataOf<'POST /api/admin/standards'>>(ctx.app, 'POST', '/api/admin/standards', op.token, form('DB4420/T 11-2023'))
    ).data.id;
    const past = new Date(Date.now() - 60_000).toISOString();
    for (const c of collectors) await collect(ctx.app, c.id, id, past);
    // The job (timer, import or a second instance) runs back to back until the change has returned.
    let done = false;
    // Each turn yields to the event loop: PGlite answers in microtasks, which would starve the request.
    const job = (async () => {
      while (!done) {
        await ctx.app.runAlerts();
        await new Promise((r) => setImmediate(r));
      }
    })();
    const res = await req<DataOf<'POST /api/admin/standards/:id/status'>>(
      ctx.app,
      'POST',
      `/api/admin/standards/${id}/status`,
      op.token,
      {
        status: 'abolished',
        effectiveDate: '2026-01-01',
        reason: '示例：并发废止',
      },
    );
    done = true;
    await job;
    expect(res.code, res.msg).toBe(0);
    expect(res.data.notified).toBe(3);
    const [sent] = await ctx.app.db.query<{ n: number }>(
      "select count(*)::int as n from messages where kind = 'standard_status' and ref_id = $1",
      [id],
    );
    expect(sent!.n).toBe(3);
  });

  it('sets relations by picking records; both directions show', async () => {
    const op = await userWithToken(ctx.app, 'operator');
    const oldId = (
      await req<DataOf<'POST /api/admin/standards'>>(ctx.app, 'POST', '/api/admin/standards', op.token, form('DB4420/T 9-2019'))
    ).data.id;
    const newId = (
      await req<DataOf<'POST /api/admin/standards'>>(ctx.app, 'POST', '/api/admin/standards', op.token, form('DB4420/T 9-2024'))
    ).data.id;
    expect(
      (
        await req(ctx.app, 'PUT', `/api/admin/standards/${newId}/relations`, op.token, {
          relations: [{ kind: 'replaces', targetId: newId }],
        })
      ).msg,
    ).toBe('不能关联标准自身');
    const set = await req<DataOf<'PUT /api/admin/standards/:id/relations'>>(
      ctx.app,
      'PUT',
      `/api/admin/standards/${newId}/relations`,
      op.token,
      {
        relations: [{ kind: 'replaces', targetId: oldId }],
      },
    );
    expect(set.code, set.msg).toBe(0);
    expect(set.data.relations).toContainEqual({
      kind: 'replaces',
      label: '代替',
      direction: 'forward',
      id: oldId,
      standardNo: 'DB4420/T 9-2019',
    });
    const other = await req<DataOf<'GET /api/admin/standards/:id'>>(ctx.app, 'GET', `/api/admin/standards/${oldId}`, op.token);
    expect(other.data.relations).toContainEqual({
      kind: 'replaces',
      label: '被代替',
      direction: 'reverse',
      id: newId,
      standardNo: 'DB4420/T 9-2024',
    });
    expect(await auditRows(ctx.app, 'standard.relations', newId)).toHaveLength(1);
  });

  it('imports a CSV with a rejected row in the background, reports counts and an XLSX of rejections, refuses a second start', async () => {
    const op = await userWithToken(ctx.app, 'operator');
    const csv = [
      '标准编号,标准名称,实施日期,状态',
      'DB4420/T 101-2024,【示例】中山测试标准一,2024-05-01,现行',
      'DB4420/T 102-2024,【示例】中山测试标准二,2024-06-01,现行',
      'DB4420/T 103-2024,【示例】中山测试标准三,2024-13-45,现行',
    ].join('\n');
    const { payload, headers } = multipart([{ filename: '中山地方标准.csv', type: 'text/csv', content: Buffer.from(csv) }]);
    const up = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/imports',
      payload,
      headers: { ...headers, authorization: op.token },
    });
    const preview = up.json();
    expect(preview.code, preview.msg).toBe(0);
    expect(preview.data.mapping).toBe('generic');
    expect(preview.data.columns).toContainEqual({ field: 'standardNo', label: '标准编号', column: '标准编号' });
    expect(preview.data.sample).toHaveLength(3);
    const id = preview.data.job.id as number;
    const started = await req(ctx.app, 'POST', `/api/admin/imports/${id}/start`, op.token);
    expect(started.code, started.msg).toBe(0);
    expect((await req(ctx.app, 'POST', `/api/admin/imports/${id}/start`, op.token)).code).toBe(400);
    const job = await waitForJob(ctx.app, op.token, id);
    expect(job).toMatchObject({ status: 'done', rows: 3, inserted: 2, rejected: 1 });
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/imports/${id}/report`,
      headers: { authorization: op.token },
    });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows = wb.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][];
    expect(rows[0]!.slice(1)).toEqual(['行号', '列', '值', '原因']);
    expect(rows[1]!.slice(1, 4)).toEqual([4, '实施日期', '2024-13-45']);
    const list = await req<DataOf<'GET /api/admin/imports'>>(ctx.app, 'GET', '/api/admin/imports', op.token);
    expect(list.data.list[0]).toMatchObject({ id, inserted: 2, rejected: 1 });
    expect(await auditRows(ctx.app, 'import.done', id)).toHaveLength(1);
    const pub = await req<DataOf<'GET /api/portal/standards'>>(
      ctx.app,
      'GET',
      '/api/portal/standards?keyword=DB4420%2FT%20101-2024',
    );
    expect(pub.data.list.map((s: { standardNo: string }) => s.standardNo)).toContain('DB4420/T 101-2024');

    const bad = multipart([{ filename: 'x.exe', content: Buffer.from('MZ') }]);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/admin/imports',
          ...bad,
          headers: { ...bad.headers, authorization: op.token },
        })
      ).json(),
    ).toMatchObject({
      code: 400,
      msg: '仅支持 CSV、XLSX、JSON 文件',
    });
  });

  it('saves site settings (admin), shows them publicly at once, and audits them', async () => {
    const admin = await userWithToken(ctx.app, 'admin');
    const invalid = await req(ctx.app, 'PUT', '/api/admin/settings', admin.token, {
      contacts: [{ realName: '王', mobile: '123' }],
    });
    expect(invalid).toMatchObject({ code: 400, msg: '联系电话须为11位手机号或带区号的固定电话' });
    const saved = await req(ctx.app, 'PUT', '/api/admin/settings', admin.token, {
      contacts: [
        { realName: '陈运营', mobile: '13800001111', email: 'op@example.org' },
        { realName: '李技术', mobile: '0760-88880000' },
      ],
      icpRecord: '粤ICP备00000000号',
      policeRecord: '粤公网安备 44200002000000号',
      policeRecordUrl: 'https://beian.mps.gov.cn/',
      hotline: '0760-12345',
    });
    expect(saved.code, saved.msg).toBe(0);
    const footer = await req<DataOf<'POST /api/zs/ent/userInfoBz/Operater'>>(ctx.app, 'POST', '/api/zs/ent/userInfoBz/Operater');
    expect(footer.data.map((c: { realName: string }) => c.realName)).toEqual(['陈运营', '李技术']);
    const site = await req(ctx.app, 'GET', '/api/portal/site');
    expect(site.data).toMatchObject({
      icpRecord: '粤ICP备00000000号',
      policeRecordUrl: 'https://beian.mps.gov.cn/',
      hotline: '0760-12345',
    });
    expect((await auditRows(ctx.app, 'settings.update')).at(-1)!.actor_id).toBe(admin.id);

    const v = await req(ctx.app, 'POST', '/api/admin/settings/privacy', admin.token, {
      version: 'v2.0',
      title: '隐私政策',
      bodyHtml: '<p>新版</p><script>alert(1)</script>',
      effectiveDate: '2020-01-01',
    });
    expect(v.code, v.msg).toBe(0);
    const page = await req<DataOf<'GET /api/portal/pages/:slug'>>(ctx.app, 'GET', '/api/portal/pages/privacy');
    expect(page.data.title).toContain('v2.0');
    expect(page.data.bodyHtml).not.toContain('script');
  });

  it('shows a user in full, disables them (tokens stop at once), never removes the last admin, and filters the audit log', async () => {
    const admin = await userWithToken(ctx.app, 'admin');
    const u = await userWithToken(ctx.app);
    const detail = await req(ctx.app, 'GET', `/api/admin/users/${u.id}`, admin.token);
    expect(detail.data).toMatchObject({ id: u.id, applications: [], certifications: [], signups: [] });
    expect((await req(ctx.app, 'POST', `/api/admin/users/${u.id}/status`, admin.token, { status: 'disabled' })).code).toBe(0);
    expect((await req(ctx.app, 'GET', '/api/user/messages', u.token)).code).toBe(401);

    await ctx.app.db.query("update users set role = 'user' where role = 'admin' and id <> $1", [admin.id]);
    const other = await userWithToken(ctx.app, 'admin');
    expect((await req(ctx.app, 'POST', `/api/admin/users/${admin.id}/role`, other.token, { role: 'user' })).code).toBe(0);
    const last = await req(ctx.app, 'POST', `/api/admin/users/${other.id}/role`, admin.token, { role: 'user' });
    expect(last.code).toBe(403); // admin was just demoted: no longer allowed at all
    const third = await userWithToken(ctx.app, 'operator');
    const refused = await req(ctx.app, 'POST', `/api/admin/users/${third.id}/role`, other.token, { role: 'admin' });
    expect(refused.code).toBe(0);
    await ctx.app.db.query("update users set role = 'user' where id = $1", [third.id]);
    const demoteSelf = await req(ctx.app, 'POST', `/api/admin/users/${other.id}/status`, other.token, { status: 'disabled' });
    expect(demoteSelf.msg).toBe('不能修改自己的账号状态或角色');

    const byActor = await req<DataOf<'GET /api/admin/audit-log'>>(
      ctx.app,
      'GET',
      `/api/admin/audit-log?actor=${encodeURIComponent(admin.username)}&targetType=user&targetId=${u.id}`,
      other.token,
    );
    expect(byActor.data.list).toHaveLength(1);
    expect(byActor.data.list[0]).toMatchObject({ action: 'user.status', actorId: admin.id, targetId: u.id });
    const today = new Date().toISOString().slice(0, 10);
    expect(
      (
        await req<DataOf<'GET /api/admin/audit-log'>>(
          ctx.app,
          'GET',
          `/api/admin/audit-log?from=2000-01-01&to=2000-01-02`,
          other.token,
        )
      ).data.total,
    ).toBe(0);
    expect(
      (
        await req<DataOf<'GET /api/admin/audit-log'>>(
          ctx.app,
          'GET',
          `/api/admin/audit-log?actorId=${admin.id}&from=${today}`,
          other.token,
        )
      ).data.total,
    ).toBeGreaterThan(0);
    expect((await req(ctx.app, 'GET', '/api/admin/audit-log?from=yesterday', other.token)).code).toBe(400);
  });

  it('turns a missing-standard report into a record or rejects it with a reason; the reporter is messaged either way', async () => {
    const op = await userWithToken(ctx.app, 'operator');
    const reporter = await userWithToken(ctx.app);
    const report = async (no: string, ip: string) =>
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/portal/standards/missing-reports',
          headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: reporter.token },
          payload: new URLSearchParams({
            standardNo: no,
            title: '【示例】缺失标准',
            seenAt: '公告',
            region: 'zhongshan',
          }).toString(),
          remoteAddress: ip,
        })
      ).json().data.id as number;
    const a = await report('DB4420/T 201-2025', '10.9.0.1');
    const b = await report('DB4420/T 202-2025', '10.9.0.2');
    const created = await req<DataOf<'POST /api/admin/standards'>>(
      ctx.app,
      'POST',
      '/api/admin/standards',
      op.token,
      form('DB4420/T 201-2025'),
    );
    expect(
      (
        await req(ctx.app, 'POST', `/api/admin/standards/missing-reports/${a}`, op.token, {
          status: 'accepted',
          standardId: created.data.id,
        })
      ).code,
    ).toBe(0);
    expect(
      (
        await req(ctx.app, 'POST', `/api/admin/standards/missing-reports/${b}`, op.token, {
          status: 'rejected',
          reason: '该编号未发布',
        })
      ).code,
    ).toBe(0);
    const msgs = await ctx.app.db.query<{ body: string; link: string | null }>(
      'select body, link from messages where user_id = $1 order by id',
      [reporter.id],
    );
    expect(msgs).toHaveLength(2);
    expect(msgs[0]).toMatchObject({ link: `/standard-detail?id=${created.data.id}` });
    expect(msgs[0]!.body).toContain('已补录');
    expect(msgs[1]!.body).toContain('该编号未发布');
  });
});
