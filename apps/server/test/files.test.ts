import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { engines } from './helpers/db.ts';
import { useTestApp } from './helpers/app.ts';
import { replyOf, type DataOf } from './helpers/answer.ts';
import { certify } from './helpers/builders.ts';
import { userWithToken } from './helpers/login.ts';
import { multipart, PDF, PNG } from './helpers/multipart.ts';
import { attachFile } from '../src/modules/files/service.ts';
import { consumeDownload, DAILY_DOWNLOADS } from '../src/modules/files/quota.ts';
import { insertItem } from '../src/modules/portal/repository.ts';
import { resolveToken } from '../src/modules/auth/tokens.ts';

describe.each(engines)('files on %s', (engine) => {
  const ctx = useTestApp(engine);

  async function upload(token: string | undefined, files: Parameters<typeof multipart>[0], query = '') {
    const { payload, headers } = multipart(files);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/user/files${query}`,
      payload,
      headers: { ...headers, ...(token ? { authorization: token } : {}) },
    });
    return replyOf<DataOf<'POST /api/user/files'>>(res);
  }

  it('accepts PNG, PDF and XLSX by content, ignoring the declared type and cleaning the name', async () => {
    const u = await userWithToken(ctx.app);
    const png = await upload(u.token, [{ filename: '../../etc/证件<照>.png', type: 'text/html', content: PNG }]);
    expect(png).toMatchObject({ code: 0, data: { name: '证件照.png', size: PNG.length, mime: 'image/png' } });
    const pdf = await upload(u.token, [{ filename: 'report.bin', content: PDF }]);
    expect(pdf).toMatchObject({ code: 0, data: { name: 'report.pdf', mime: 'application/pdf' } });
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('表1').addRow(['a', 1]);
    const xlsx = Buffer.from(await wb.xlsx.writeBuffer());
    const x = await upload(u.token, [{ filename: '清单.xlsx', content: xlsx }]);
    expect(x).toMatchObject({
      code: 0,
      data: { name: '清单.xlsx', mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
    });
  });

  it('stores files under a random name in the files directory, never under the upload name', async () => {
    const u = await userWithToken(ctx.app);
    const r = await upload(u.token, [{ filename: 'evil.html.png', content: PNG }]);
    const [row] = await ctx.app.db.query<{ storage_path: string; sha256: string; owner_id: number }>(
      'select storage_path, sha256, owner_id from files where id = $1',
      [r.data.id],
    );
    expect(row!.storage_path).toMatch(/^\d{4}[/\\]\d{2}[/\\][0-9a-f]{32}$/);
    expect(row!.owner_id).toBe(u.id);
    const abs = path.join(ctx.app.config.filesDir, row!.storage_path);
    expect(fs.readFileSync(abs).equals(PNG)).toBe(true);
    expect(path.resolve(abs).startsWith(path.resolve(ctx.app.config.filesDir))).toBe(true);
  });

  it('refuses disguised, unknown, empty and oversize files with clear messages', async () => {
    const u = await userWithToken(ctx.app);
    const typeMsg = '仅支持 PNG、JPG、PDF、DOCX、XLSX 文件，且文件内容须与类型一致';
    expect(
      await upload(u.token, [
        { filename: 'a.pdf', type: 'application/pdf', content: Buffer.from('<html><script>alert(1)</script></html>') },
      ]),
    ).toMatchObject({ code: 400, msg: typeMsg });
    expect(
      await upload(u.token, [
        { filename: 'a.pdf', type: 'application/pdf', content: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]) },
      ]),
    ).toMatchObject({ code: 400, msg: typeMsg });
    expect(await upload(u.token, [{ filename: 'a.png', content: Buffer.from('<svg onload=alert(1)>') }])).toMatchObject({
      code: 400,
      msg: typeMsg,
    });
    // A zip that is not an Office document (no [Content_Types].xml / word / xl parts).
    const zipLike = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100)]);
    expect(await upload(u.token, [{ filename: 'a.docx', content: zipLike }])).toMatchObject({ code: 400, msg: typeMsg });
    expect(await upload(u.token, [{ filename: 'a.png', content: Buffer.alloc(0) }])).toMatchObject({
      code: 400,
      msg: '文件内容为空',
    });
    const big = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]);
    const r = await upload(u.token, [{ filename: 'big.pdf', content: big }]);
    expect(r).toMatchObject({ status: 200, code: 400, msg: '文件不能超过10MB' });
    const exactly = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024 - PDF.length)]);
    expect((await upload(u.token, [{ filename: 'max.pdf', content: exactly }])).code).toBe(0);
  });

  it('refuses anonymous uploads, non-multipart bodies, several files and bad purposes', async () => {
    const u = await userWithToken(ctx.app);
    expect(await upload(undefined, [{ filename: 'a.png', content: PNG }])).toMatchObject({ code: 401 });
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/files',
      headers: { authorization: u.token, 'content-type': 'application/json' },
      payload: '{"a":1}',
    });
    expect(json.json()).toMatchObject({ code: 400, msg: '请以 multipart/form-data 方式上传文件' });
    const two = await upload(u.token, [
      { filename: 'a.png', content: PNG },
      { filename: 'b.png', content: PNG },
    ]);
    expect(two).toMatchObject({ code: 400, msg: '每次只能上传一个文件' });
    const none = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/files',
      headers: { authorization: u.token, 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x--\r\n',
    });
    expect(none.json()).toMatchObject({ code: 400 });
    expect(await upload(u.token, [{ filename: 'a.png', content: PNG }], '?purpose=hack')).toMatchObject({
      code: 400,
      msg: '文件用途不正确',
    });
  });

  it('lets only the owner or an operator download, as an attachment with nosniff', async () => {
    const owner = await userWithToken(ctx.app);
    const other = await userWithToken(ctx.app);
    const operator = await userWithToken(ctx.app, 'operator');
    const { data } = await upload(owner.token, [{ filename: '营业执照.pdf', content: PDF }]);
    const mine = await ctx.app.inject({
      method: 'GET',
      url: `/api/user/files/${data.id}`,
      headers: { authorization: owner.token },
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.rawPayload.equals(PDF)).toBe(true);
    expect(mine.headers['content-type']).toBe('application/pdf');
    expect(mine.headers['content-disposition']).toBe(
      `attachment; filename="____.pdf"; filename*=UTF-8''${encodeURIComponent('营业执照.pdf')}`,
    );
    expect(mine.headers['x-content-type-options']).toBe('nosniff');
    const theirs = await ctx.app.inject({
      method: 'GET',
      url: `/api/user/files/${data.id}`,
      headers: { authorization: other.token },
    });
    expect(theirs.json()).toMatchObject({ code: 403 });
    const op = await ctx.app.inject({
      method: 'GET',
      url: `/api/user/files/${data.id}`,
      headers: { authorization: operator.token },
    });
    expect(op.statusCode).toBe(200);
    for (const id of ['999999', 'abc', '1e3', '99999999999999']) {
      const r = await ctx.app.inject({ method: 'GET', url: `/api/user/files/${id}`, headers: { authorization: owner.token } });
      expect(r.json(), id).toMatchObject({ code: 404 });
    }
    expect((await ctx.app.inject({ method: 'GET', url: `/api/user/files/${data.id}` })).json()).toMatchObject({ code: 401 });
  });

  it('attachFile accepts only the caller’s own files', async () => {
    const owner = await userWithToken(ctx.app);
    const other = await userWithToken(ctx.app);
    const { data } = await upload(owner.token, [{ filename: 'a.png', content: PNG }]);
    await expect(attachFile(ctx.app.db, owner.id, data.id)).resolves.toMatchObject({ id: data.id, mime: 'image/png' });
    await expect(attachFile(ctx.app.db, other.id, data.id)).rejects.toThrow('附件不存在或不属于当前用户');
    await expect(attachFile(ctx.app.db, owner.id, 987654)).rejects.toThrow('附件不存在或不属于当前用户');
  });

  it('serves training files to certified enterprises only, 30 a day shared with other downloads', async () => {
    const operator = await userWithToken(ctx.app, 'operator');
    // An image is served as stored (PDFs are watermarked: training-downloads.test.ts).
    const { data: file } = await upload(operator.token, [{ filename: '课件.png', content: PNG }], '?purpose=training');
    const id = await insertItem(ctx.app.db, {
      section: 'training',
      category: 'material',
      title: '课件',
      attrs: { documents: [{ fileId: file.id, name: '课件.png' }] },
    });
    const url = `/api/portal/training/${id}/files/${file.id}`;
    expect((await ctx.app.inject({ method: 'GET', url })).json()).toMatchObject({ code: 403, msg: '完成企业认证后方可下载' });
    const plain = await userWithToken(ctx.app);
    expect((await ctx.app.inject({ method: 'GET', url, headers: { authorization: plain.token } })).json()).toMatchObject({
      code: 403,
    });

    const ent = await userWithToken(ctx.app);
    await certify(ctx.app, ent.id, '示例认证企业有限公司');
    const ok = await ctx.app.inject({ method: 'GET', url, headers: { authorization: ent.token } });
    expect(ok.statusCode).toBe(200);
    expect(ok.rawPayload.equals(PNG)).toBe(true);
    // A file not listed on the item is not served through it.
    const { data: stray } = await upload(operator.token, [{ filename: 'x.pdf', content: PDF }]);
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/portal/training/${id}/files/${stray.id}`,
          headers: { authorization: ent.token },
        })
      ).json(),
    ).toMatchObject({ code: 404 });

    // The shared counter: full-text downloads (another module) use the same function.
    const authUser = (await resolveToken(ctx.app.db, ent.token))!;
    for (let i = 1; i < DAILY_DOWNLOADS; i += 1) await consumeDownload(ctx.app.db, authUser, 'standard_fulltext', `std:${i}`);
    const over = await ctx.app.inject({ method: 'GET', url, headers: { authorization: ent.token } });
    expect(over.json()).toMatchObject({ code: 429, msg: '今日下载次数已达上限（每日30次），请明天再试' });
  });

  it('never lets concurrent downloads pass the daily limit', async () => {
    const ent = await userWithToken(ctx.app);
    await certify(ctx.app, ent.id, '并发企业');
    const authUser = (await resolveToken(ctx.app.db, ent.token))!;
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) => consumeDownload(ctx.app.db, authUser, 'training', `t:${i}`)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(DAILY_DOWNLOADS);
  });
});
