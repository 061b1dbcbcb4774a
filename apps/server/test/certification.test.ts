import { describe, expect, it } from 'vitest';
import { engines } from './helpers/db.ts';
import { useTestApp } from './helpers/app.ts';
import { call, post, type DataOf } from './helpers/answer.ts';
import { userWithToken } from './helpers/login.ts';
import { PDF, PNG } from './helpers/multipart.ts';
import { certForm, upload } from './helpers/usercentre.ts';

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('JFIF-test-bytes')]);

describe.each(engines)('enterprise certification on %s', (engine) => {
  const ctx = useTestApp(engine);
  const submit = (token: string, body: unknown) =>
    call<DataOf<'POST /api/user/certification'>>(ctx.app, 'POST', '/api/user/certification', token, body);
  const state = async (token: string) =>
    (await call<DataOf<'GET /api/user/certification'>>(ctx.app, 'GET', '/api/user/certification', token)).data;
  const countOf = async (sql: string, params: unknown[]) =>
    (await ctx.app.db.query<{ n: number }>(`select count(*)::int as n from ${sql}`, params))[0]!.n;

  it('starts at none, accepts PNG, JPEG and PDF licences, and refuses a second submit while pending', async () => {
    for (const content of [PNG, JPEG, PDF]) {
      const u = await userWithToken(ctx.app);
      expect(await state(u.token)).toMatchObject({ status: 'none', statusName: '未认证', canSubmit: true, certification: null });
      const file = await upload(ctx.app, u.token, content);
      expect(file.code).toBe(0);
      const form = certForm(file.data.id);
      const r = await submit(u.token, form);
      expect(r).toMatchObject({ status: 200, code: 0, data: { status: 'pending' } });
      const s = await state(u.token);
      expect(s).toMatchObject({
        status: 'pending',
        canSubmit: false,
        certification: {
          companyName: form.companyName,
          creditCode: form.creditCode,
          legalRep: '张三',
          contactName: '李四',
          contactMobile: '13912345678',
          rejectReason: null,
          licenceFile: { id: file.data.id, url: `/api/user/files/${file.data.id}` },
        },
      });
      const again = await submit(u.token, certForm(file.data.id));
      expect(again).toMatchObject({ code: 400, msg: '您的企业认证正在审核中，请等待审核结果，审核期间不能重复提交' });
    }
  });

  it('validates every field with the shared messages, in form order', async () => {
    const u = await userWithToken(ctx.app);
    const id = (await upload(ctx.app, u.token)).data.id as number;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ companyName: '' }, '请输入企业名称（2-100个字符）'],
      [{ creditCode: '91442000MA4UXXXX0Y' }, '请输入正确的统一社会信用代码'],
      [{ creditCode: '9144200' }, '请输入正确的统一社会信用代码'],
      [{ creditCode: '91442000MA4UXXXXIO' }, '请输入正确的统一社会信用代码'],
      [{ creditCode: '91350100M000100Y44' }, '请输入正确的统一社会信用代码'],
      [{ creditCode: 12345 }, '请输入正确的统一社会信用代码'],
      [{ legalRep: '张' }, '请输入法定代表人姓名（2-30个字符）'],
      [{ contactName: undefined }, '请输入联系人姓名（2-30个字符）'],
      [{ contactMobile: '12345678901' }, '请输入11位中国大陆手机号'],
      [{ licenceFileId: 'x' }, '请上传营业执照（PNG、JPG 图片或 PDF 文件）'],
      [{ licenceFileId: 0 }, '请上传营业执照（PNG、JPG 图片或 PDF 文件）'],
      [{ companyName: '', creditCode: 'bad' }, '请输入企业名称（2-100个字符）'],
    ];
    for (const [over, msg] of cases) {
      expect(await submit(u.token, certForm(id, over))).toMatchObject({ status: 200, code: 400, msg });
    }
    expect(await submit(u.token, null)).toMatchObject({ code: 400 });
    expect(await submit(u.token, [1, 2])).toMatchObject({ code: 400 });
    // lower case is accepted and stored upper case (the shared schema normalises it)
    const form = certForm(id);
    const r = await submit(u.token, { ...form, creditCode: form.creditCode.toLowerCase() });
    expect(r.code).toBe(0);
    expect((await state(u.token)).certification!.creditCode).toBe(form.creditCode);
  });

  it('refuses a licence of the wrong type, disguised content, a missing file and a file of someone else', async () => {
    const u = await userWithToken(ctx.app);
    const other = await userWithToken(ctx.app);
    // A DOCX is a valid upload but not a licence.
    const [docx] = await ctx.app.db.query<{ id: number }>(
      `insert into files (owner_id, purpose, original_name, mime, size, sha256, storage_path)
       values ($1, 'certification', '执照.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 10, 'x', $2) returning id`,
      [u.id, `test/${u.id}-docx`],
    );
    expect(await submit(u.token, certForm(docx!.id))).toMatchObject({ code: 400, msg: '营业执照须为 PNG、JPG 图片或 PDF 文件' });
    // HTML named .png never becomes a file at all.
    const disguised = await upload(ctx.app, u.token, Buffer.from('<html><script>alert(1)</script></html>'), '执照.png');
    expect(disguised).toMatchObject({ code: 400 });
    expect(await submit(u.token, certForm(987654))).toMatchObject({
      code: 400,
      msg: expect.stringContaining('附件不存在或不属于当前用户'),
    });
    const foreign = (await upload(ctx.app, other.token)).data.id as number;
    const r = await submit(u.token, certForm(foreign));
    expect(r).toMatchObject({ code: 400, msg: expect.stringContaining('附件不存在或不属于当前用户') });
    expect(await countOf('enterprise_certifications where user_id = $1', [u.id])).toBe(0);
    expect(await state(u.token)).toMatchObject({ status: 'none' });
  });

  it('approval: one message, one audit row, certified at once in getUserInfo, no resubmission', async () => {
    const u = await userWithToken(ctx.app);
    const op = await userWithToken(ctx.app, 'operator');
    const certId = (
      await submit(u.token, certForm((await upload(ctx.app, u.token)).data.id, { companyName: '中山认证测试有限公司' }))
    ).data.id as number;
    expect((await post(ctx.app, '/api/sys/auth/getUserInfo', undefined, { token: u.token })).data).toMatchObject({
      certified: false,
    });

    const r = await call(ctx.app, 'POST', `/api/admin/certifications/${certId}/review`, op.token, { decision: 'approve' });
    expect(r).toMatchObject({ code: 0, data: { status: 'approved', reviewedAt: expect.any(String) } });
    const info = await post(ctx.app, '/api/sys/auth/getUserInfo', undefined, { token: u.token });
    expect(info.data).toMatchObject({ certified: true, enterpriseName: '中山认证测试有限公司', unread: 1 });

    const msgs = await call<DataOf<'GET /api/user/messages'>>(ctx.app, 'GET', '/api/user/messages', u.token);
    expect(msgs.data.total).toBe(1);
    expect(msgs.data.list[0]).toMatchObject({ kind: 'certification', title: '企业认证已通过', link: '/enterprise-auth' });
    expect(await countOf("audit_log where target_type = 'certification' and target_id = $1", [certId])).toBe(1);
    const [audit] = await ctx.app.db.query<{ actor_id: number; action: string }>(
      "select actor_id, action from audit_log where target_type = 'certification' and target_id = $1",
      [certId],
    );
    expect(audit).toEqual({ actor_id: op.id, action: 'certification.approve' });

    expect(
      await call(ctx.app, 'POST', `/api/admin/certifications/${certId}/review`, op.token, { decision: 'reject', reason: '再审' }),
    ).toMatchObject({
      code: 400,
      msg: '该认证申请已审核，不能重复审核',
    });
    const again = await submit(u.token, certForm((await upload(ctx.app, u.token)).data.id));
    expect(again).toMatchObject({ code: 400, msg: '您的企业已通过认证，无需重复提交' });
    expect(await countOf('messages where user_id = $1', [u.id])).toBe(1);
    expect(await countOf("audit_log where target_type = 'certification' and target_id = $1", [certId])).toBe(1);
  });

  it('rejection needs a reason, tells the user why, and allows resubmission', async () => {
    const u = await userWithToken(ctx.app);
    const op = await userWithToken(ctx.app, 'admin');
    const fileId = (await upload(ctx.app, u.token)).data.id as number;
    const certId = (await submit(u.token, certForm(fileId))).data.id as number;
    const url = `/api/admin/certifications/${certId}/review`;
    expect(await call(ctx.app, 'POST', url, op.token, { decision: 'reject' })).toMatchObject({
      code: 400,
      msg: '驳回时请填写驳回原因',
    });
    expect(await call(ctx.app, 'POST', url, op.token, { decision: 'reject', reason: '   ' })).toMatchObject({
      code: 400,
      msg: '驳回时请填写驳回原因',
    });
    expect(await call(ctx.app, 'POST', url, op.token, { decision: 'maybe' })).toMatchObject({ code: 400, msg: '请选择审核结论' });
    expect(await call(ctx.app, 'POST', url, op.token, { decision: 'reject', reason: 'x'.repeat(501) })).toMatchObject({
      code: 400,
      msg: '原因不能超过500个字符',
    });
    expect(await countOf('messages where user_id = $1', [u.id])).toBe(0);

    expect(await call(ctx.app, 'POST', url, op.token, { decision: 'reject', reason: '营业执照不清晰' })).toMatchObject({
      code: 0,
    });
    expect(await state(u.token)).toMatchObject({
      status: 'rejected',
      canSubmit: true,
      certification: { rejectReason: '营业执照不清晰' },
    });
    const msg = (await call<DataOf<'GET /api/user/messages'>>(ctx.app, 'GET', '/api/user/messages', u.token)).data.list[0];
    expect(msg).toMatchObject({ title: '企业认证未通过', link: '/enterprise-auth' });
    expect(msg!.body).toContain('营业执照不清晰');
    expect(
      (await post<{ certified: boolean }>(ctx.app, '/api/sys/auth/getUserInfo', undefined, { token: u.token })).data.certified,
    ).toBe(false);

    const second = await submit(u.token, certForm(fileId, { companyName: '重新提交有限公司' }));
    expect(second).toMatchObject({ code: 0, data: { status: 'pending' } });
    expect(await state(u.token)).toMatchObject({
      status: 'pending',
      certification: { companyName: '重新提交有限公司', rejectReason: null },
    });
  });

  it('concurrent decisions and concurrent submits let exactly one through', async () => {
    const u = await userWithToken(ctx.app);
    const op = await userWithToken(ctx.app, 'operator');
    const fileId = (await upload(ctx.app, u.token)).data.id as number;
    const submits = await Promise.all([1, 2, 3].map(() => submit(u.token, certForm(fileId))));
    expect(submits.filter((r) => r.code === 0)).toHaveLength(1);
    expect(await countOf('enterprise_certifications where user_id = $1', [u.id])).toBe(1);
    const certId = submits.find((r) => r.code === 0)!.data.id as number;
    const decisions = await Promise.all([
      call(ctx.app, 'POST', `/api/admin/certifications/${certId}/review`, op.token, { decision: 'approve' }),
      call(ctx.app, 'POST', `/api/admin/certifications/${certId}/review`, op.token, { decision: 'reject', reason: '并发' }),
      call(ctx.app, 'POST', `/api/admin/certifications/${certId}/review`, op.token, { decision: 'approve' }),
    ]);
    expect(decisions.filter((r) => r.code === 0)).toHaveLength(1);
    expect(await countOf('messages where user_id = $1', [u.id])).toBe(1);
    expect(await countOf("audit_log where target_type = 'certification' and target_id = $1", [certId])).toBe(1);
  });
});
