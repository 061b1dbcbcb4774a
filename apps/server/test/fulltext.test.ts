import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { engines } from './helpers/db.ts';
import { useTestApp } from './helpers/app.ts';
import { answerOf } from './helpers/answer.ts';
import { certify } from './helpers/builders.ts';
import { userWithToken } from './helpers/login.ts';
import { multipart, PNG } from './helpers/multipart.ts';
import { cstDay } from '../src/db/rate-limit.ts';
import { clock } from '../src/lib/clock.ts';
import { seedDemoFulltext } from '../src/modules/standards/fulltext/seed.ts';
import { importFulltexts } from '../src/modules/standards/fulltext/import.ts';
import { importFile } from '../src/modules/standards/import/importer.ts';

let n = 0;
async function addStandard(app: FastifyInstance) {
  n += 1;
  const no = `GB ${80000 + n}-2021`;
  const [row] = await app.db.query<{ id: number }>(
    `insert into standards (standard_no, no_key, no_base, no_prefix, name_zh, level, status)
     values ($1, $1, $1, 'GB', $2, 'national', 'current') returning id::int as id`,
    [no, `全文测试标准${n}`],
  );
  return row!.id;
}

/** Page i (1-based) is 300+i points wide, so a page's width tells which original page it is. */
async function samplePdf(pages: number) {
  const doc = await PDFDocument.create();
  for (let i = 1; i <= pages; i++) doc.addPage([300 + i, 400]).drawText(`Page ${i}`, { x: 20, y: 200, size: 20 });
  return Buffer.from(await doc.save());
}

async function widthsOf(bytes: Buffer) {
  const doc = await PDFDocument.load(bytes);
  return doc.getPages().map((p) => Math.round(p.getWidth()));
}

describe.each(engines)('standard full text on %s', (engine) => {
  const ctx = useTestApp(engine, { DATA_DIR: `.tmp/test-fulltext-${crypto.randomBytes(4).toString('hex')}` });

  const operatorToken = async () => (await userWithToken(ctx.app, 'operator')).token;
  const plainToken = async () => (await userWithToken(ctx.app)).token;
  async function certifiedUser() {
    const u = await userWithToken(ctx.app);
    await certify(ctx.app, u.id, '中山示例科技有限公司');
    return u;
  }
  async function upload(id: number, content: Buffer, token?: string, access?: string) {
    const body = multipart([{ filename: 'std.pdf', type: 'application/pdf', content }]);
    let payload = body.payload;
    if (access) {
      const boundary = body.headers['content-type'].split('boundary=')[1]!;
      const field = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="access"\r\n\r\n${access}\r\n`);
      payload = Buffer.concat([field, payload]);
    }
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/standards/${id}/fulltext`,
      headers: { ...body.headers, ...(token ? { authorization: token } : {}) },
      payload,
    });
    return answerOf<{ pages: number; access: string } | null>(res);
  }
  async function read(id: number, opts: { token?: string; query?: string; headers?: Record<string, string> } = {}) {
    return ctx.app.inject({
      method: 'GET',
      url: `/api/portal/standards/${id}/fulltext${opts.query ?? ''}`,
      headers: { ...(opts.token ? { authorization: opts.token } : {}), ...opts.headers },
    });
  }
  async function withFulltext(pages = 6, access?: string) {
    const id = await addStandard(ctx.app);
    const r = await upload(id, await samplePdf(pages), await operatorToken(), access);
    expect(r).toMatchObject({ code: 0, data: { pages } });
    return id;
  }

  it('lets only operators attach, and only real PDFs', async () => {
    const id = await addStandard(ctx.app);
    const pdf = await samplePdf(4);
    expect((await upload(id, pdf)).code).toBe(401);
    expect((await upload(id, pdf, await plainToken())).code).toBe(403);
    const op = await operatorToken();
    expect(await upload(id, PNG, op)).toMatchObject({ code: 400, msg: '仅支持 PDF 文件，且文件内容须为 PDF' });
    expect((await upload(id, Buffer.from('%PDF-1.7 this is not really a pdf'), op)).code).toBe(400);
    expect((await upload(999_999, pdf, op)).code).toBe(404);
    expect(await upload(id, pdf, op)).toMatchObject({ code: 0, data: { pages: 4, access: 'restricted' } });
    const [row] = await ctx.app.db.query<{ pages: number; size_bytes: string }>(
      'select pages, size_bytes::text from standard_fulltext where standard_id = $1',
      [id],
    );
    expect(row).toEqual({ pages: 4, size_bytes: String(pdf.length) });
  });

  it('gives visitors and uncertified users a PDF of exactly the first 3 pages', async () => {
    const id = await withFulltext(6);
    for (const token of [undefined, await plainToken()]) {
      const res = await read(id, { token });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(await widthsOf(res.rawPayload)).toEqual([301, 302, 303]);
    }
    const info = (await ctx.app.inject({ method: 'GET', url: `/api/portal/standards/${id}/fulltext/info` })).json();
    expect(info.data).toEqual({ hasFulltext: true, pages: 6, readablePages: 3, canDownload: false, access: 'restricted' });
  });

  it('gives certified enterprises every page', async () => {
    const id = await withFulltext(6);
    const { token } = await certifiedUser();
    expect(await widthsOf((await read(id, { token })).rawPayload)).toEqual([301, 302, 303, 304, 305, 306]);
    const info = (
      await ctx.app.inject({ method: 'GET', url: `/api/portal/standards/${id}/fulltext/info`, headers: { authorization: token } })
    ).json();
    expect(info.data).toMatchObject({ pages: 6, readablePages: 6, canDownload: true });
  });

  it('gives crafted requests nothing more than the first 3 pages', async () => {
    const id = await withFulltext(7);
    const plain = await plainToken();
    const tries = [
      await read(id, { headers: { range: 'bytes=0-' } }),
      await read(id, { headers: { range: 'bytes=100000-200000' }, token: plain }),
      await read(id, { query: '?pages=all&full=1&page=5' }),
      await read(id, { token: 'A'.repeat(43) }),
      await read(id, { token: `${plain}x` }),
    ];
    for (const res of tries) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['accept-ranges']).toBe('none');
      expect(await widthsOf(res.rawPayload)).toEqual([301, 302, 303]);
    }
    // the preview is a new document: the bytes of page 4+ are not in it
    expect((await read(id)).rawPayload.includes(Buffer.from('Page 4'))).toBe(false);
    const other = await addStandard(ctx.app);
    expect((await read(other)).json()).toMatchObject({ code: 404, msg: '该标准暂无全文' });
    expect((await read(999_999)).json()).toMatchObject({ code: 404 });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/portal/standards/..%2F..%2Fetc/fulltext' })).json()).toMatchObject({
      code: 404,
    });
  });

  it('lets everyone read every page of an open full text', async () => {
    const id = await withFulltext(5, 'open');
    expect(await widthsOf((await read(id)).rawPayload)).toEqual([301, 302, 303, 304, 305]);
  });

  it('refuses downloads to visitors and uncertified users with 403', async () => {
    const id = await withFulltext(4);
    for (const token of [undefined, await plainToken()]) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/portal/standards/${id}/fulltext/download`,
        headers: token ? { authorization: token } : {},
      });
      expect(res.json()).toEqual({ code: 403, msg: '完成企业认证后可下载全文', data: null });
    }
  });

  it('watermarks certified downloads on every page and counts them against the daily 30', async () => {
    const id = await withFulltext(4);
    const u = await certifiedUser();
    const get = () =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/portal/standards/${id}/fulltext/download`,
        headers: { authorization: u.token },
      });
    const first = await get();
    expect(first.headers['content-type']).toBe('application/pdf');
    expect(first.headers['content-disposition']).toContain('attachment');
    const doc = await PDFDocument.load(first.rawPayload);
    expect(doc.getPageCount()).toBe(4);
    // every page got the watermark font resource
    for (const p of doc.getPages()) expect(String(p.node.Resources()?.toString())).toMatch(/Font/);
    const objects = doc.context.enumerateIndirectObjects().map(([, o]) => o.toString());
    expect(objects.some((o) => /BaseFont \/ZSWatermarkSans/.test(o))).toBe(true);
    const logged = await ctx.app.db.query('select 1 from download_log where user_id = $1 and kind = $2', [u.id, 'fulltext']);
    expect(logged).toHaveLength(1);

    await ctx.app.db.query('update download_quota set used = 29 where user_id = $1 and day = $2', [u.id, cstDay(clock.now())]);
    expect((await get()).headers['content-type']).toBe('application/pdf'); // the 30th
    expect((await get()).json()).toMatchObject({ code: 429 }); // the 31st
  });

  it('seeds a labelled 5-page demo on two current standards, once', async () => {
    const a = await addStandard(ctx.app);
    await seedDemoFulltext(ctx.app.db, ctx.app.config.filesDir, ctx.app.log);
    await seedDemoFulltext(ctx.app.db, ctx.app.config.filesDir, ctx.app.log);
    const rows = await ctx.app.db.query<{ pages: number }>(
      'select pages from standard_fulltext f join standards s on s.id = f.standard_id',
    );
    expect(rows.length).toBeGreaterThanOrEqual(2);
    const info = (await ctx.app.inject({ method: 'GET', url: `/api/portal/standards/${a}/fulltext/info` })).json();
    expect(info.code).toBe(0);
    const seeded = await ctx.app.db.query<{ standard_id: number }>(
      `select standard_id::int as standard_id from standard_fulltext where pages = 5 order by standard_id`,
    );
    expect(seeded.length).toBeGreaterThanOrEqual(2);
    const doc = await PDFDocument.load((await read(seeded[0]!.standard_id)).rawPayload);
    expect(doc.getPageCount()).toBe(3);
  });
});

describe.each(engines)('full text through the import on %s', (engine) => {
  const ctx = useTestApp(engine, { DATA_DIR: `.tmp/test-fulltext-import-${crypto.randomBytes(4).toString('hex')}` });

  it('attaches the PDF named in the fulltext column and reports rows it cannot attach', async () => {
    const dir = path.resolve(`.tmp/test-fulltext-csv-${crypto.randomBytes(4).toString('hex')}`);
    await fs.promises.mkdir(path.join(dir, 'pdf'), { recursive: true });
    await fs.promises.writeFile(path.join(dir, 'pdf/a.pdf'), await samplePdf(4));
    await fs.promises.writeFile(path.join(dir, 'pdf/bad.pdf'), PNG);
    const csv = [
      '标准号,标准名称,实施日期,fulltext',
      'GB 70001-2020,导入全文测试一,2020-01-01,pdf/a.pdf',
      'GB 70002-2020,导入全文测试二,2020-01-01,pdf/missing.pdf',
      'GB 70003-2020,导入全文测试三,2020-01-01,pdf/bad.pdf',
      'GB 70004-2020,导入全文测试四,2020-01-01,',
    ].join('\n');
    const file = path.join(dir, 'list.csv');
    await fs.promises.writeFile(file, csv);
    await importFile(ctx.app.db, file, { today: '2024-01-01' });
    const r = await importFulltexts(ctx.app.db, ctx.app.config.filesDir, file);
    expect(r.attached).toBe(1);
    expect(r.failures.map((f) => f.line)).toEqual([3, 4]);
    expect(r.failures[1]!.reason).toContain('仅支持 PDF 文件');
    const [row] = await ctx.app.db.query<{ pages: number }>(
      `select f.pages from standard_fulltext f join standards s on s.id = f.standard_id where s.standard_no = 'GB 70001-2020'`,
    );
    expect(row?.pages).toBe(4);
  });
});
