import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ZHONGSHAN_TOWNS } from '@zs/shared';
import { engines } from './helpers/db.ts';
import { useTestApp } from './helpers/app.ts';
import { get, type DataOf } from './helpers/answer.ts';
import { certify, createUser } from './helpers/builders.ts';
import { runSeeders } from '../src/db/seed.ts';
import { seedPortalDemo, seedPortalReal } from '../src/modules/portal/seed/seed.ts';
import { seedStandards } from '../src/modules/standards/catalogue/seed.ts';
import { insertItem } from '../src/modules/portal/repository.ts';
import { TOWNS_WITH_CENTRES } from '../src/modules/datamap/towns.ts';

const silent = { info() {}, warn() {}, error() {}, debug() {} } as never;

describe.each(engines)('data map and standard-system tree on %s', (engine) => {
  const ctx = useTestApp(engine);
  const count = async (sql: string, params: unknown[] = []) => (await ctx.app.db.query<{ n: number }>(sql, params))[0]!.n;

  beforeAll(async () => {
    await runSeeders(ctx.testDb.db, silent, [seedStandards, seedPortalReal, seedPortalDemo]);
    // One Zhongshan local standard drafted in 小榄镇 (the catalogue has none yet).
    await ctx.app.db.query(
      `insert into standards (standard_no, no_key, no_base, no_prefix, name_zh, level, region, region_code, drafting_units)
       values ('DB4420/T 9999-2099', 'DB4420/T9999-2099', 'DB4420/T9999', 'DB4420/T', '测试地方标准', 'local', '中山', '4420', '中山市小榄镇测试协会')`,
    );
    for (const name of ['认证企业甲', '认证企业乙']) {
      const u = await createUser(ctx.app);
      await certify(ctx.app, u.id, name);
    }
  });

  it('computes every figure from the database rows, per town and for the city', async () => {
    const r = await get<DataOf<'GET /api/portal/datamap'>>(ctx.app, '/api/portal/datamap');
    expect(r.code).toBe(0);
    expect(r.data.towns).toHaveLength(23);
    expect(r.data.note).toContain('近似');
    const sections = {
      xiangshanProducts: 'xiangshan_product',
      giProducts: 'gi_product',
      demonstrations: 'demonstration',
    } as const;
    for (const t of r.data.towns) {
      expect(t.approximate).toBe(true);
      for (const [key, section] of Object.entries(sections)) {
        const n = await count(
          "select count(*)::int as n from portal_items where section = $1 and status = 'published' and town_code = $2",
          [section, t.code],
        );
        expect(t.figures[key], `${t.name} ${key}`).toBe(n);
      }
      expect(t.figures.localStandards).toBe(t.name === '小榄镇' ? 1 : 0);
      expect(t.figures.certifiedEnterprises).toBeNull();
    }
    for (const [key, section] of Object.entries(sections)) {
      expect(r.data.totals[key]).toBe(
        await count("select count(*)::int as n from portal_items where section = $1 and status = 'published'", [section]),
      );
    }
    expect(r.data.totals.giProducts).toBe(4);
    expect(r.data.totals.localStandards).toBe(
      await count("select count(*)::int as n from standards where level = 'local' and region_code like '4420%'"),
    );
    expect(r.data.totals.certifiedEnterprises).toBe(
      await count("select count(distinct user_id)::int as n from enterprise_certifications where status = 'approved'"),
    );
    expect(r.data.totals.certifiedEnterprises).toBe(2);
  });

  it('lists the rows behind a figure, filtered by town and paged', async () => {
    const shenwan = await get<DataOf<'GET /api/portal/datamap/:indicator'>>(
      ctx.app,
      '/api/portal/datamap/giProducts?town=442000117',
    );
    expect(shenwan.data.total).toBe(1);
    expect(shenwan.data.list[0]).toMatchObject({ title: '神湾菠萝', townName: '神湾镇', link: 'gi-product' });
    const all = await get<DataOf<'GET /api/portal/datamap/:indicator'>>(
      ctx.app,
      '/api/portal/datamap/xiangshanProducts?size=3&page=2',
    );
    expect(all.data).toMatchObject({ total: 8, page: 2, size: 3 });
    expect(all.data.list).toHaveLength(3);
    const std = await get<DataOf<'GET /api/portal/datamap/:indicator'>>(
      ctx.app,
      '/api/portal/datamap/localStandards?town=442000118',
    );
    expect(std.data.list.map((s: { title: string }) => s.title)).toEqual(['DB4420/T 9999-2099 测试地方标准']);
    expect(
      (await get<DataOf<'GET /api/portal/datamap/:indicator'>>(ctx.app, '/api/portal/datamap/localStandards?town=442000101')).data
        .total,
    ).toBe(0);
    const ent = await get<DataOf<'GET /api/portal/datamap/:indicator'>>(ctx.app, '/api/portal/datamap/certifiedEnterprises');
    expect(ent.data.list.map((e: { title: string }) => e.title).sort()).toEqual(['认证企业乙', '认证企业甲'].sort());
    expect(await get(ctx.app, '/api/portal/datamap/certifiedEnterprises?town=442000117')).toMatchObject({
      code: 400,
      msg: '该指标暂无镇街分布',
    });
    expect(await get(ctx.app, '/api/portal/datamap/nothing')).toMatchObject({ code: 404 });
    expect(await get(ctx.app, '/api/portal/datamap/constructor')).toMatchObject({ code: 404 });
    expect(await get(ctx.app, '/api/portal/datamap/giProducts?town=999')).toMatchObject({ code: 400, msg: '镇街不存在' });
    expect(await get(ctx.app, '/api/portal/datamap/giProducts?size=0')).toMatchObject({ code: 400 });
  });

  it('names a 香山之品 row without an enterprise by the category name the office saved', async () => {
    const [item] = await ctx.app.db.query<{ id: number; category: string }>(
      "select id, category from portal_items where section = 'xiangshan_product' and status = 'published' and category is not null order by id limit 1",
    );
    await ctx.app.db.query("update portal_items set attrs = attrs - 'enterprise' where id = $1", [item!.id]);
    await ctx.app.db.query(
      "update portal_categories set name = '改名后的类别' where section = 'xiangshan_product' and code = $1",
      [item!.category],
    );
    const all = await get<DataOf<'GET /api/portal/datamap/:indicator'>>(
      ctx.app,
      '/api/portal/datamap/xiangshanProducts?size=100',
    );
    const row = all.data.list.find((r: { id: number }) => r.id === item!.id);
    expect(row!.subtitle).toBe('改名后的类别');
  });

  it('places every town centre inside the Zhongshan outline', () => {
    const outline = JSON.parse(
      fs.readFileSync(
        path.resolve(import.meta.dirname, '../../../packages/shared/data/geo/zhongshan-outline-442000.geojson'),
        'utf8',
      ),
    );
    const polygons: number[][][][] = outline.features[0].geometry.coordinates;
    const inside = ([x, y]: [number, number]) =>
      polygons.some((poly) => {
        let c = false;
        const ring = poly[0]!;
        for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
          const [xi, yi] = ring[i] as [number, number];
          const [xj, yj] = ring[j] as [number, number];
          if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) c = !c;
        }
        return c;
      });
    expect(TOWNS_WITH_CENTRES.map((t) => t.code)).toEqual(ZHONGSHAN_TOWNS.map((t) => t.code));
    for (const t of TOWNS_WITH_CENTRES) expect(inside(t.center), t.name).toBe(true);
  });

  it('serves the two boundary files with long cache headers and a validator', async () => {
    for (const name of ['guangdong-cities-440000', 'zhongshan-outline-442000']) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/portal/geo/${name}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toContain('max-age=604800');
      const body = res.json();
      expect(body.code).toBe(0);
      expect(body.data.type).toBe('FeatureCollection');
      const again = await ctx.app.inject({
        method: 'GET',
        url: `/api/portal/geo/${name}`,
        headers: { 'if-none-match': res.headers.etag as string },
      });
      expect(again.statusCode).toBe(304);
    }
    expect(await get(ctx.app, '/api/portal/geo/../../etc/passwd')).toMatchObject({ code: 404 });
    expect(await get(ctx.app, '/api/portal/geo/beijing')).toMatchObject({ code: 404 });
  });

  it('builds the standard-system tree and links leaf numbers to catalogue records', async () => {
    const r = await get<DataOf<'GET /api/portal/standard-system/tree'>>(ctx.app, '/api/portal/standard-system/tree');
    expect(r.code).toBe(0);
    expect(r.data).toHaveLength(1);
    const root = r.data[0]!;
    expect(root.name).toBe('【示例】中山市建筑工程标准体系');
    expect(root.children.map((c: { name: string }) => c.name)).toEqual([
      '【示例】结构',
      '【示例】建筑环境与节能',
      '【示例】建筑防火与消防',
    ]);
    const structure = root.children[0]!.standards;
    expect(structure[0]).toMatchObject({ standardNo: 'GB 55001-2021', nameZh: '工程结构通用规范' });
    const rows = await ctx.app.db.query<{ id: number }>("select id from standards where standard_no = 'GB 55001-2021'");
    expect(rows).toHaveLength(1);
    expect(structure[0]!.id).toBe(Number(rows[0]!.id));
    for (const c of root.children) for (const s of c.standards) expect(s.id, s.standardNo).not.toBeNull();

    await insertItem(ctx.app.db, {
      section: 'standard_system_node',
      category: 'leaf',
      title: '未收录',
      attrs: { parentId: root.id, standardNos: ['GB 99999-2099'] },
    });
    const again = await get<DataOf<'GET /api/portal/standard-system/tree'>>(ctx.app, '/api/portal/standard-system/tree');
    const missing = again.data[0]!.children.find((c: { name: string }) => c.name === '未收录');
    expect(missing!.standards).toEqual([{ standardNo: 'GB 99999-2099', id: null, nameZh: null }]);
  });

  it('keeps nodes whose parents form a loop visible at the top', async () => {
    const a = await insertItem(ctx.app.db, {
      section: 'standard_system_node',
      category: 'group',
      title: '环A',
      attrs: { parentId: null, standardNos: [] },
    });
    const b = await insertItem(ctx.app.db, {
      section: 'standard_system_node',
      category: 'group',
      title: '环B',
      attrs: { parentId: a, standardNos: [] },
    });
    await ctx.app.db.query(`update portal_items set attrs = jsonb_set(attrs, '{parentId}', to_jsonb($2::int)) where id = $1`, [
      a,
      b,
    ]);
    const r = await get<DataOf<'GET /api/portal/standard-system/tree'>>(ctx.app, '/api/portal/standard-system/tree');
    expect(r.code).toBe(0);
    const names = r.data.map((n: { name: string }) => n.name);
    expect(names).toContain('环A');
    expect(names).toContain('环B');
  });
});
