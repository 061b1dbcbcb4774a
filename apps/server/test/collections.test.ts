import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { engines } from './helpers/db.ts';
import { useTestApp } from './helpers/app.ts';
import { answerOf, get } from './helpers/answer.ts';
import { userWithToken } from './helpers/login.ts';
import type { FastifyInstance } from 'fastify';

const URL = '/api/zs/ent/EntZsCollection/zsCollectionAddOrUpdate';
let n = 0;

async function addStandard(app: FastifyInstance, fields: { no?: string; status?: string; publish?: string } = {}) {
  n += 1;
  const no = fields.no ?? `GB/T ${90000 + n}-2020`;
  const [row] = await app.db.query<{ id: number }>(
    `insert into standards (standard_no, no_key, no_base, no_prefix, name_zh, level, status, publish_date)
     values ($1, $1, $1, 'GB/T', $2, 'national', $3, $4::date) returning id::int as id`,
    [no, `收藏测试标准${n}`, fields.status ?? 'current', fields.publish ?? '2020-01-01'],
  );
  return { id: row!.id, no };
}

async function collect(app: FastifyInstance, token: string | undefined, body: unknown) {
  const res = await app.inject({
    method: 'POST',
    url: URL,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
    payload: JSON.stringify(body),
  });
  expect(res.statusCode).toBe(200);
  return answerOf<{ collected: boolean } | null>(res);
}

describe.each(engines)('collections on %s', (engine) => {
  const ctx = useTestApp(engine);

  it('adds, keeps adding idempotent, removes, and toggles', async () => {
    const { token } = await userWithToken(ctx.app);
    const s = await addStandard(ctx.app);
    const base = { itemType: 'standard', itemId: s.id };
    expect((await collect(ctx.app, token, { ...base, collect: true })).data).toEqual({ collected: true });
    expect((await collect(ctx.app, token, { ...base, collect: true })).data).toEqual({ collected: true });
    const listed = await get<{ total: number }>(ctx.app, '/api/user/collections?itemType=standard', token);
    expect(listed.data.total).toBe(1);
    expect((await collect(ctx.app, token, { ...base, collect: false })).data).toEqual({ collected: false });
    expect((await collect(ctx.app, token, { ...base, collect: false })).data).toEqual({ collected: false });
    expect((await get<{ total: number }>(ctx.app, '/api/user/collections', token)).data.total).toBe(0);
    // absent collect toggles
    expect((await collect(ctx.app, token, base)).data).toEqual({ collected: true });
    expect((await collect(ctx.app, token, base)).data).toEqual({ collected: false });
    expect((await collect(ctx.app, token, base)).data).toEqual({ collected: true });
  });

  it('answers 404 for unknown items and 400 for unknown or non-collectable types', async () => {
    const { token } = await userWithToken(ctx.app);
    const missing = await collect(ctx.app, token, { itemType: 'standard', itemId: 987654, collect: true });
    expect(missing).toMatchObject({ code: 404, msg: '收藏的内容不存在或已下线' });
    const portalMissing = await collect(ctx.app, token, { itemType: 'news', itemId: 987654 });
    expect(portalMissing.code).toBe(404);
    expect((await collect(ctx.app, token, { itemType: 'nonsense', itemId: 1 })).msg).toBe('收藏类型不正确');
    expect((await collect(ctx.app, token, { itemType: 'standard-system', itemId: 1 })).msg).toBe('该栏目不支持收藏');
    expect((await collect(ctx.app, token, { itemType: 'standard', itemId: -3 })).msg).toBe('收藏对象编号须为正整数');
    expect((await collect(ctx.app, token, { itemType: 'standard', itemId: 1, collect: 'yes' })).code).toBe(400);
  });

  it('collects published portal items of collectable sections with their title', async () => {
    const { token } = await userWithToken(ctx.app);
    const [item] = await ctx.app.db.query<{ id: number }>(
      `insert into portal_items (section, title, demo) values ('news', '示例资讯：收藏测试', true) returning id`,
    );
    const [draft] = await ctx.app.db.query<{ id: number }>(
      `insert into portal_items (section, title, status) values ('news', '草稿', 'draft') returning id`,
    );
    expect((await collect(ctx.app, token, { itemType: 'news', itemId: item!.id })).data).toEqual({ collected: true });
    expect((await collect(ctx.app, token, { itemType: 'news', itemId: draft!.id })).code).toBe(404);
    // the id of a news item is not an item of another section
    expect((await collect(ctx.app, token, { itemType: 'talent', itemId: item!.id })).code).toBe(404);
    const list = await get<{ list: Array<{ item: { title: string; sectionName: string } }> }>(
      ctx.app,
      '/api/user/collections?itemType=news',
      token,
    );
    expect(list.data.list[0]!.item).toMatchObject({ title: '示例资讯：收藏测试', section: 'news', sectionName: '政策资讯' });
  });

  it('refuses visitors and forged tokens with 401', async () => {
    const s = await addStandard(ctx.app);
    expect((await collect(ctx.app, undefined, { itemType: 'standard', itemId: s.id })).code).toBe(401);
    expect((await collect(ctx.app, 'x'.repeat(43), { itemType: 'standard', itemId: s.id })).code).toBe(401);
    expect((await get(ctx.app, '/api/user/collections')).code).toBe(401);
    expect((await get(ctx.app, `/api/user/collections/status?itemType=standard&ids=${s.id}`)).code).toBe(401);
    expect((await get(ctx.app, '/api/user/collections/export')).code).toBe(401);
  });

  it('lists only the caller’s own collections, with status, replacement and last change', async () => {
    const a = await userWithToken(ctx.app);
    const b = await userWithToken(ctx.app);
    const old = await addStandard(ctx.app, { status: 'replaced' });
    const neu = await addStandard(ctx.app, { publish: '2023-05-01' });
    await ctx.app.db.query(
      `insert into standard_relations (standard_id, related_no_key, related_no, related_id, kind) values ($1, $2, $2, $3, 'replaces')`,
      [neu.id, old.no, old.id],
    );
    await ctx.app.db.query(
      `insert into standard_status_history (standard_id, old_status, new_status, changed_at) values
         ($1, null, 'current', '2021-01-01'), ($1, 'current', 'replaced', '2023-05-01')`,
      [old.id],
    );
    await collect(ctx.app, a.token, { itemType: 'standard', itemId: old.id, collect: true });
    await collect(ctx.app, b.token, { itemType: 'standard', itemId: neu.id, collect: true });

    const mine = await get<{ total: number; list: Array<{ itemId: number; standard: Record<string, unknown> }> }>(
      ctx.app,
      '/api/user/collections?page=1&size=5',
      a.token,
    );
    expect(mine.data.total).toBe(1);
    expect(mine.data.list[0]!.itemId).toBe(old.id);
    expect(mine.data.list[0]!.standard).toMatchObject({
      standardNo: old.no,
      status: 'replaced',
      replacedBy: { standardNo: neu.no, id: neu.id },
      lastChange: { oldStatus: 'current', newStatus: 'replaced' },
    });
    const theirs = await get<{ list: Array<{ itemId: number }> }>(ctx.app, '/api/user/collections', b.token);
    expect(theirs.data.list.map((e) => e.itemId)).toEqual([neu.id]);

    const status = await get<Record<string, boolean>>(
      ctx.app,
      `/api/user/collections/status?itemType=standard&ids=${old.id},${neu.id}`,
      a.token,
    );
    expect(status.data).toEqual({ [old.id]: true, [neu.id]: false });
    expect((await get(ctx.app, '/api/user/collections/status?itemType=standard&ids=1,abc', a.token)).code).toBe(400);
    expect((await get(ctx.app, `/api/user/collections?size=1000`, a.token)).code).toBe(400);
  });

  it('exports the collected standards as an Excel sheet the user can read back', async () => {
    const { token } = await userWithToken(ctx.app);
    const old = await addStandard(ctx.app, { status: 'replaced' });
    const neu = await addStandard(ctx.app, { publish: '2024-02-01' });
    await ctx.app.db.query(
      `insert into standard_relations (standard_id, related_no_key, related_no, related_id, kind) values ($1, $2, $2, $3, 'replaces')`,
      [neu.id, old.no, old.id],
    );
    await ctx.app.db.query(`update standards set abolish_date = '2024-02-01', name_zh = '=HYPERLINK("x")' where id = $1`, [
      old.id,
    ]);
    await collect(ctx.app, token, { itemType: 'standard', itemId: old.id });
    await collect(ctx.app, token, { itemType: 'standard', itemId: neu.id });

    const res = await ctx.app.inject({ method: 'GET', url: '/api/user/collections/export', headers: { authorization: token } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const rows = ws
      .getSheetValues()
      .filter(Boolean)
      .map((r) => (r as unknown[]).slice(1));
    expect(rows[0]).toEqual(['标准号', '标准名称', '状态', '发布日期', '实施日期', '废止日期', '被代替标准']);
    expect(rows).toHaveLength(3);
    const oldRow = rows.find((r) => r[0] === old.no)!;
    expect(oldRow[2]).toBe('被代替');
    expect(oldRow[5]).toBe('2024-02-01');
    expect(oldRow[6]).toBe(neu.no);
    // a formula-looking title is written as text, never as a formula
    expect(oldRow[1]).toBe(`'=HYPERLINK("x")`);
    expect(rows.find((r) => r[0] === neu.no)![6]).toBe('');
  });

  it('documents the collect body in OpenAPI', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const op = doc.paths['/api/zs/ent/EntZsCollection/zsCollectionAddOrUpdate'].post;
    const schema = op.requestBody.content['application/json'].schema;
    expect(schema.required).toEqual(expect.arrayContaining(['itemType', 'itemId']));
    expect(schema.properties.itemType.description).toContain('standard');
    expect(schema.properties.collect.description).toContain('不传则切换');
    expect(doc.paths['/api/user/collections/export'].get).toBeDefined();
    expect(doc.paths['/api/portal/standards/{id}/fulltext'].get).toBeDefined();
    expect(doc.paths['/api/portal/standards/missing-reports'].post).toBeDefined();
  });
});
