import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { engines } from './helpers/db.ts';
import { useTestApp } from './helpers/app.ts';
import { call, post, type DataOf } from './helpers/answer.ts';
import { createUser, encrypt, loginToken, smsCode, solvedCaptcha } from './helpers/builders.ts';
import { userWithToken, webLogin } from './helpers/login.ts';
import { certForm, collect, upload } from './helpers/usercentre.ts';
import { insertMessage } from '../src/modules/messages/repository.ts';
import { serviceItem } from './helpers/fixtures.ts';

describe.each(engines)('account rights (profile, export, deletion) on %s', (engine) => {
  const ctx = useTestApp(engine);
  const countOf = async (sql: string, params: unknown[]) =>
    (await ctx.app.db.query<{ n: number }>(`select count(*)::int as n from ${sql}`, params))[0]!.n;

  /** A user with something of everything: a message, a collection, an application, a certification. */
  async function busyUser() {
    const u = await createUser(ctx.app, { email: 'busy@example.com' });
    const token = await loginToken(ctx.app, u.id);
    await insertMessage((t, p) => ctx.app.db.query(t, p), { userId: u.id, kind: 'system', title: '欢迎', body: '欢迎使用' });
    const [std] = await ctx.app.db.query<{ id: number }>(
      `insert into standards (standard_no, no_key, no_base, no_prefix, name_zh, level) values ($1, $1, $1, 'GB', '导出测试标准', 'national') returning id::int as id`,
      [`GB ${u.id}-2020`],
    );
    await collect(ctx.app, u.id, std!.id);
    const serviceId = await serviceItem(ctx.app);
    const app = await call<DataOf<'POST /api/user/applications/service'>>(
      ctx.app,
      'POST',
      '/api/user/applications/service',
      token,
      {
        serviceId,
        contactName: '赵六',
        contactMobile: '13612345678',
        need: '需要查新服务十个标准的有效性。',
      },
    );
    expect(app.code, app.msg).toBe(0);
    const fileId = (await upload(ctx.app, token)).data.id as number;
    const cert = await call<DataOf<'POST /api/user/certification'>>(
      ctx.app,
      'POST',
      '/api/user/certification',
      token,
      certForm(fileId, { contactName: '钱七', contactMobile: '13512345678' }),
    );
    expect(cert.code).toBe(0);
    const spare = (await upload(ctx.app, token)).data.id as number; // attached to nothing
    return { ...u, token, applicationId: app.data.id as number, certId: cert.data.id as number, fileId, spare };
  }

  it('shows the own profile with the certification summary', async () => {
    const u = await busyUser();
    const r = await call(ctx.app, 'GET', '/api/user/profile', u.token);
    expect(r).toMatchObject({
      code: 0,
      data: {
        id: u.id,
        username: u.username,
        mobile: u.mobile,
        email: 'busy@example.com',
        role: 'user',
        createdAt: expect.any(String),
        certification: { status: 'pending', statusName: '审核中', companyName: '示例科技（中山）有限公司' },
      },
    });
    expect(await call(ctx.app, 'GET', '/api/user/profile')).toMatchObject({ code: 401 });
  });

  it('exports everything kept about the user as a JSON attachment without any hash', async () => {
    const u = await busyUser();
    const res = await ctx.app.inject({ method: 'GET', url: '/api/user/export', headers: { authorization: u.token } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"/);
    expect(res.headers['cache-control']).toContain('no-store');
    const data = res.json();
    expect(data.profile).toMatchObject({ username: u.username, mobile: u.mobile });
    expect(data.collections).toHaveLength(1);
    expect(data.collections[0]).toMatchObject({ itemType: 'standard' });
    expect(data.applications).toHaveLength(1);
    expect(data.applications[0]).toMatchObject({ id: u.applicationId, form: { contactName: '赵六' } });
    expect(data.applications[0].timeline).toHaveLength(1);
    expect(data.messages.map((m: { title: string }) => m.title)).toEqual(['欢迎']);
    expect(data.certifications).toHaveLength(1);
    expect(data.files).toHaveLength(2);
    expect(data.loginHistory.sessions.length).toBeGreaterThanOrEqual(1);

    const text = res.body;
    const [{ password_hash }] = (await ctx.app.db.query<{ password_hash: string }>(
      'select password_hash from users where id = $1',
      [u.id],
    )) as [{ password_hash: string }];
    const tokenHashes = (
      await ctx.app.db.query<{ token_hash: string }>('select token_hash from auth_tokens where user_id = $1', [u.id])
    ).map((r) => r.token_hash);
    const storage = (
      await ctx.app.db.query<{ storage_path: string }>('select storage_path from files where owner_id = $1', [u.id])
    ).map((r) => r.storage_path);
    for (const secret of [password_hash, ...tokenHashes, ...storage, u.token]) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/\$argon2|password_?hash|token_?hash|storage_?path/i);
    // another user's export holds none of this user's data
    const other = await userWithToken(ctx.app);
    const theirs = await ctx.app.inject({ method: 'GET', url: '/api/user/export', headers: { authorization: other.token } });
    expect(theirs.body).not.toContain(u.username);
    expect(theirs.json()).toMatchObject({ collections: [], applications: [], messages: [], certifications: [], files: [] });
  });

  it('deletion needs the current password, encrypted like webLogin', async () => {
    const u = await userWithToken(ctx.app);
    const del = (body: unknown) => call(ctx.app, 'POST', '/api/user/delete-account', u.token, body);
    expect(await del({})).toMatchObject({ code: 400, msg: '请输入当前密码' });
    expect(await del(undefined)).toMatchObject({ code: 400, msg: '请输入当前密码' });
    expect(await del({ password: u.password })).toMatchObject({ code: 400, msg: '登录信息解析失败，请刷新页面后重试' });
    expect(await del({ password: encrypt(ctx.app, 'Wrong#pass1') })).toMatchObject({ code: 400, msg: '当前密码错误' });
    expect(await del({ password: 42 })).toMatchObject({ code: 400 });
    expect(
      await call(ctx.app, 'POST', '/api/user/delete-account', undefined, { password: encrypt(ctx.app, u.password) }),
    ).toMatchObject({ code: 401 });
    expect(await post(ctx.app, '/api/sys/auth/getUserInfo', undefined, { token: u.token })).toMatchObject({ code: 0 });
  });

  it('deletion anonymises the account, frees username and mobile, revokes tokens and keeps only retained records', async () => {
    const u = await busyUser();
    const second = await loginToken(ctx.app, u.id);
    const spareRow = (
      await ctx.app.db.query<{ storage_path: string }>('select storage_path from files where id = $1', [u.spare])
    )[0]!;
    const r = await call(ctx.app, 'POST', '/api/user/delete-account', u.token, { password: encrypt(ctx.app, u.password) });
    expect(r).toMatchObject({ code: 0, msg: '账号已注销' });

    for (const t of [u.token, second])
      expect(await post(ctx.app, '/api/sys/auth/getUserInfo', undefined, { token: t })).toMatchObject({ code: 401 });
    const login = await webLogin(ctx.app, u.username, u.password);
    expect(login.code).toBe(400);

    const [row] = await ctx.app.db.query<Record<string, unknown>>(
      'select username, mobile, email, status, password_hash from users where id = $1',
      [u.id],
    );
    expect(row).toMatchObject({ status: 'deleted', email: null });
    expect(row!.username).not.toBe(u.username);
    expect(row!.mobile).not.toBe(u.mobile);
    expect(String(row!.password_hash)).not.toMatch(/argon2/);

    expect(await countOf('messages where user_id = $1', [u.id])).toBe(0);
    expect(await countOf('collections where user_id = $1', [u.id])).toBe(0);
    expect(await countOf('auth_tokens where user_id = $1', [u.id])).toBe(0);
    // retained: the application (withdrawn, contact removed) and the certification (contact removed)
    const [app] = await ctx.app.db.query<{ status: string; form: Record<string, unknown> }>(
      'select status, form from applications where id = $1',
      [u.applicationId],
    );
    expect(app!.status).toBe('withdrawn');
    expect(app!.form).not.toHaveProperty('contactName');
    expect(app!.form).not.toHaveProperty('contactMobile');
    expect(JSON.stringify(app!.form)).not.toContain('13612345678');
    const [cert] = await ctx.app.db.query<Record<string, unknown>>(
      'select company_name, contact_name, contact_mobile, status, licence_file_id from enterprise_certifications where id = $1',
      [u.certId],
    );
    expect(cert).toMatchObject({
      company_name: '示例科技（中山）有限公司',
      contact_mobile: '',
      status: 'rejected',
      licence_file_id: u.fileId,
    });
    expect(cert!.contact_name).not.toBe('钱七');
    expect(await countOf('files where id = $1', [u.fileId])).toBe(1);
    expect(await countOf('files where id = $1', [u.spare])).toBe(0);
    expect(fs.existsSync(path.join(ctx.app.config.filesDir, spareRow.storage_path))).toBe(false);
    expect(await countOf("audit_log where action = 'account.delete' and target_id = $1", [u.id])).toBe(1);

    // The same username and mobile can register again.
    const code = await smsCode(ctx.app, '/api/sys/auth/send/registrationCode', u.mobile);
    const reg = await post(ctx.app, '/api/sys/auth/register', {
      username: u.username,
      password: 'New#pass123',
      againPassword: 'New#pass123',
      mobile: u.mobile,
      ...(await solvedCaptcha(ctx.app)),
      code,
      userType: 2,
      checkInfo: true,
    });
    expect(reg, reg.msg).toMatchObject({ code: 0 });
    const info = await post<{ username: string; unread: number; certified: boolean }>(
      ctx.app,
      '/api/sys/auth/getUserInfo',
      undefined,
      {
        token: (reg.data as { accessToken: string }).accessToken,
      },
    );
    expect(info.data).toMatchObject({ username: u.username, unread: 0, certified: false });
  });
});
