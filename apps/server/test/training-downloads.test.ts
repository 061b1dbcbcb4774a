import crypto from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { engines } from './helpers/db.ts';
import { useTestApp } from './helpers/app.ts';
import { certify, createUser, loginToken } from './helpers/builders.ts';
import { PDF } from './helpers/multipart.ts';
import { clock } from '../src/lib/clock.ts';
import { cstDay } from '../src/db/rate-limit.ts';
import { storeFile } from '../src/modules/files/service.ts';
import { insertItem } from '../src/modules/portal/repository.ts';
import { seedDemoTrainingFiles } from '../src/modules/portal/training.ts';

/** Two plain pages with no fonts at all, so any font on a downloaded page came from the watermark. */
async function plainPdf() {
  const doc = await PDFDocument.create();
  for (let i = 0; i < 2; i++) doc.addPage([400, 500]).drawRectangle({ x: 10, y: 10, width: 50, height: 50 });
  return Buffer.from(await doc.save());
}

describe.each(engines)('training downloads on %s', (engine) => {
  const ctx = useTestApp(engine, { DATA_DIR: `.tmp/test-training-${crypto.randomBytes(4).toString('hex')}` });

  async function trainingWith(content: Buffer, name: string) {
    const file = await storeFile(ctx.app.db, ctx.app.config.filesDir, null, 'training', name, content);
    const id = await insertItem(ctx.app.db, {
      section: 'training',
      category: 'material',
      title: '水印测试资料',
      attrs: { documents: [{ fileId: file.id, name: file.name }] },
    });
    return `/api/portal/training/${id}/files/${file.id}`;
  }

  it('refuses uncertified users and stamps every page of a certified download, counted in the 30 a day', async () => {
    const original = await plainPdf();
    const url = await trainingWith(original, '资料.pdf');
    const plain = await createUser(ctx.app);
    const plainToken = await loginToken(ctx.app, plain.id);
    for (const headers of [{}, { authorization: plainToken }]) {
      expect((await ctx.app.inject({ method: 'GET', url, headers })).json()).toMatchObject({
        code: 403,
        msg: '完成企业认证后方可下载',
      });
    }

    const ent = await createUser(ctx.app);
    await certify(ctx.app, ent.id, '中山水印测试有限公司');
    const token = await loginToken(ctx.app, ent.id);
    const get = () => ctx.app.inject({ method: 'GET', url, headers: { authorization: token } });
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('attachment');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(res.rawPayload.equals(original)).toBe(false);

    const before = await PDFDocument.load(original);
    const doc = await PDFDocument.load(res.rawPayload);
    expect(doc.getPageCount()).toBe(2);
    for (const [i, page] of doc.getPages().entries()) {
      // The original pages have no font; each stamped page references the watermark font.
      const fontRef = /\/Font <<\s*\/\S+ \d+ 0 R/;
      expect(String(before.getPage(i).node.Resources()?.toString())).not.toMatch(fontRef);
      expect(String(page.node.Resources()?.toString())).toMatch(fontRef);
    }
    const objects = doc.context.enumerateIndirectObjects().map(([, o]) => o.toString());
    expect(objects.some((o) => /BaseFont \/ZSWatermarkSans/.test(o))).toBe(true);
    // The embedded subset holds the glyphs of the company name, so the stamp names the company.
    const glyphs = doc.context
      .enumerateIndirectObjects()
      .map(([, o]) => o.toString())
      .filter((o) => /ToUnicode|beginbfchar|beginbfrange/.test(o));
    expect(glyphs.length).toBeGreaterThan(0);

    const logged = await ctx.app.db.query('select 1 from download_log where user_id = $1 and kind = $2', [ent.id, 'training']);
    expect(logged).toHaveLength(1);
    const [quota] = await ctx.app.db.query<{ used: number }>('select used from download_quota where user_id = $1 and day = $2', [
      ent.id,
      cstDay(clock.now()),
    ]);
    expect(quota!.used).toBe(1);
    await ctx.app.db.query('update download_quota set used = 29 where user_id = $1 and day = $2', [ent.id, cstDay(clock.now())]);
    expect((await get()).headers['content-type']).toBe('application/pdf'); // the 30th
    expect((await get()).json()).toMatchObject({ code: 429 }); // the 31st
  });

  it('refuses a PDF it cannot stamp without spending a download', async () => {
    const url = await trainingWith(PDF, '坏文件.pdf'); // a %PDF- header without a page tree
    const ent = await createUser(ctx.app);
    await certify(ctx.app, ent.id, '中山坏文件测试有限公司');
    const res = await ctx.app.inject({ method: 'GET', url, headers: { authorization: await loginToken(ctx.app, ent.id) } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 400, msg: '该资料文件无法添加水印，暂不能下载，请联系平台运营人员' });
    expect(await ctx.app.db.query('select 1 from download_quota where user_id = $1', [ent.id])).toHaveLength(0);
  });

  it('seeds a labelled demo PDF onto two demo training items, once', async () => {
    for (const t of ['【示例】甲课程', '【示例】乙课程', '【示例】丙课程']) {
      await ctx.app.db.query(
        `insert into portal_items (section, category, title, attrs, demo) values ('training', 'course', $1, '{"documents":[]}', true)`,
        [t],
      );
    }
    await seedDemoTrainingFiles(ctx.app.db, ctx.app.config.filesDir, ctx.app.log);
    await seedDemoTrainingFiles(ctx.app.db, ctx.app.config.filesDir, ctx.app.log);
    const rows = await ctx.app.db.query<{ id: number; docs: Array<{ fileId: number; name: string }> }>(
      `select id, attrs->'documents' as docs from portal_items where section = 'training' and demo and jsonb_array_length(attrs->'documents') > 0`,
    );
    expect(rows).toHaveLength(2);
    const ent = await createUser(ctx.app);
    await certify(ctx.app, ent.id, '中山示例下载有限公司');
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/portal/training/${rows[0]!.id}/files/${rows[0]!.docs[0]!.fileId}`,
      headers: { authorization: await loginToken(ctx.app, ent.id) },
    });
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(rows[0]!.docs[0]!.name).toMatch(/（示例）\.pdf$/);
    expect((await PDFDocument.load(res.rawPayload)).getTitle()).toMatch(/^示例培训资料/);
  });
});
