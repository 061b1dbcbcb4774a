import { describe, expect, it } from 'vitest';
import { engines } from './helpers/db.ts';
import { useTestApp } from './helpers/app.ts';
import { call, type DataOf } from './helpers/answer.ts';
import { userWithToken } from './helpers/login.ts';
import { internalPath } from '../src/modules/admin-ops/links.ts';

/** The public home answer, by the blocks read here (its contract is a record of any block name). */
type Home = Record<'news' | 'service', DataOf<'GET /api/portal/home'>[string]>;

const daysAgo = (n: number) => new Date(Date.now() - n * 86400_000).toISOString();

describe.each(engines)('console layout (categories, home pins, review limits) on %s', (engine) => {
  const ctx = useTestApp(engine);
  // Straight into the table: the section attrs schemas are not what these tests are about.
  const insertItem = async (
    _db: unknown,
    i: { section: string; category: string; title: string; bodyHtml?: string },
  ): Promise<number> => {
    const [row] = await ctx.app.db.query<{ id: number }>(
      'insert into portal_items (section, category, title, body_html) values ($1, $2, $3, $4) returning id',
      [i.section, i.category, i.title, i.bodyHtml ?? null],
    );
    return row!.id;
  };
  const audit = (action: string) =>
    ctx.app.db.query<{ actor_id: number; detail: Record<string, unknown> }>(
      'select actor_id, detail from audit_log where action = $1 order by id',
      [action],
    );

  it('lets operators edit 香山之品 categories, refuses plain users, and the public pages follow', async () => {
    const plain = await userWithToken(ctx.app);
    const op = await userWithToken(ctx.app, 'operator');
    const url = '/api/admin/categories/xiangshan_product';
    expect(await call(ctx.app, 'GET', url, plain.token)).toMatchObject({ code: 403 });
    expect(await call(ctx.app, 'PUT', url, plain.token, { categories: [{ name: 'x' }] })).toMatchObject({ code: 403 });
    expect(await call(ctx.app, 'GET', '/api/admin/categories/news', op.token)).toMatchObject({ code: 404 });

    const list = await call<DataOf<'GET /api/admin/categories/:section'>>(ctx.app, 'GET', url, op.token);
    expect(list.code).toBe(0);
    expect(list.data).toHaveLength(15);
    expect(list.data[0]).toMatchObject({ code: 'fruit', name: '水果', hidden: false, inUse: 0 });

    const item = await insertItem(ctx.app.db, { section: 'xiangshan_product', category: 'rice', title: '【示例】香米' });
    const rows = list.data as Array<{ code: string; name: string; hidden: boolean }>;
    // Rename 大米, move it first, hide 面粉, drop 蛋类 (unused), add 糖果.
    const next = [
      { code: 'rice', name: '香山大米', hidden: false },
      ...rows.filter((c) => !['rice', 'egg'].includes(c.code)).map((c) => ({ ...c, hidden: c.code === 'flour' })),
      { name: '糖果', hidden: false },
    ];
    const saved = await call<DataOf<'PUT /api/admin/categories/:section'>>(ctx.app, 'PUT', url, op.token, { categories: next });
    expect(saved.code, saved.msg).toBe(0);
    expect(saved.data[0]).toMatchObject({ code: 'rice', name: '香山大米', inUse: 1 });
    expect(saved.data.map((c: { name: string }) => c.name)).not.toContain('蛋类');
    const added = saved.data.at(-1);
    expect(added).toMatchObject({ name: '糖果', hidden: false });
    expect(added!.code).toMatch(/^c\d+$/);

    const pub = await call<DataOf<'GET /api/portal/categories/:section'>>(
      ctx.app,
      'GET',
      '/api/portal/categories/xiangshan-product',
    );
    expect(pub.data[0]).toEqual({ code: 'rice', name: '香山大米' });
    expect(pub.data.map((c: { name: string }) => c.name)).not.toContain('面粉');
    const listed = await call<DataOf<'GET /api/portal/:section'>>(ctx.app, 'GET', '/api/portal/xiangshan-product?category=rice');
    expect(listed.data.list[0]).toMatchObject({ id: item, categoryName: '香山大米' });
    expect(
      (await call<DataOf<'GET /api/portal/:section/:id'>>(ctx.app, 'GET', `/api/portal/xiangshan-product/${item}`)).data
        .categoryName,
    ).toBe('香山大米');
    const sections = await call<DataOf<'GET /api/portal/sections'>>(ctx.app, 'GET', '/api/portal/sections');
    expect(sections.data.find((s: { id: string }) => s.id === 'xiangshan_product')!.categories[0]!.name).toBe('香山大米');

    const [row] = await audit('category.save');
    expect(row!.actor_id).toBe(op.id);
    expect(row!.detail).toMatchObject({
      added: ['糖果'],
      removed: ['蛋类'],
      hidden: ['面粉'],
      renamed: [{ code: 'rice', from: '大米', to: '香山大米' }],
    });

    // A category in use cannot be deleted, only hidden; the list is unchanged.
    const withoutRice = saved.data.filter((c: { code: string }) => c.code !== 'rice');
    const refused = await call(ctx.app, 'PUT', url, op.token, { categories: withoutRice });
    expect(refused).toMatchObject({ code: 400, msg: '类别“香山大米”已有 1 条内容使用，不能删除，只能隐藏' });
    expect((await call(ctx.app, 'GET', url, op.token)).data).toHaveLength(saved.data.length);

    // Validation: duplicate names, empty names, all hidden, unknown codes, swapping two names works.
    const dup = await call(ctx.app, 'PUT', url, op.token, { categories: [{ name: '水果' }, { name: '水果' }] });
    expect(dup).toMatchObject({ code: 400, msg: '类别名称“水果”重复' });
    expect(await call(ctx.app, 'PUT', url, op.token, { categories: [{ name: ' ' }] })).toMatchObject({
      code: 400,
      msg: '请填写类别名称',
    });
    const allHidden = saved.data.map((c: object) => ({ ...c, hidden: true }));
    expect(await call(ctx.app, 'PUT', url, op.token, { categories: allHidden })).toMatchObject({
      code: 400,
      msg: '至少保留一个对外显示的类别',
    });
    const ghost = [...saved.data, { code: 'ghost', name: '幽灵' }];
    expect((await call(ctx.app, 'PUT', url, op.token, { categories: ghost })).code).toBe(400);
    const swapped = saved.data.map((c: { code: string; name: string }) =>
      c.code === 'fruit' ? { ...c, name: '蔬菜' } : c.code === 'vegetable' ? { ...c, name: '水果' } : c,
    );
    const swap = await call<DataOf<'PUT /api/admin/categories/:section'>>(ctx.app, 'PUT', url, op.token, { categories: swapped });
    expect(swap.code, swap.msg).toBe(0);
    expect(swap.data.find((c: { code: string }) => c.code === 'fruit')!.name).toBe('蔬菜');
  });

  it('pins news on the home page in the operator’s order; the public home answer follows', async () => {
    const plain = await userWithToken(ctx.app);
    const op = await userWithToken(ctx.app, 'operator');
    expect(await call(ctx.app, 'GET', '/api/admin/home-blocks', plain.token)).toMatchObject({ code: 403 });
    expect(await call(ctx.app, 'PUT', '/api/admin/home-blocks/news', plain.token, { itemIds: [] })).toMatchObject({ code: 403 });

    const ids: number[] = [];
    for (let i = 0; i < 7; i++)
      ids.push(await insertItem(ctx.app.db, { section: 'news', category: 'work', title: `【示例】新闻 ${i}` }));
    for (const [i, id] of ids.entries())
      await ctx.app.db.query('update portal_items set published_at = $2 where id = $1', [id, daysAgo(10 - i)]);
    const draft = await insertItem(ctx.app.db, { section: 'news', category: 'work', title: '【示例】草稿' });
    await ctx.app.db.query("update portal_items set status = 'draft' where id = $1", [draft]);
    const service = await insertItem(ctx.app.db, { section: 'service', category: 'other', title: '【示例】服务' });

    const before = await call<Home>(ctx.app, 'GET', '/api/portal/home');
    expect(before.data.news.map((i: { id: number }) => i.id)).toEqual(ids.slice(2).reverse());
    expect(before.data.service[0]!.id).toBe(service);

    const oldest = ids[0]!;
    const second = ids[1]!;
    const saved = await call<DataOf<'PUT /api/admin/home-blocks/:block'>>(
      ctx.app,
      'PUT',
      '/api/admin/home-blocks/news',
      op.token,
      { itemIds: [oldest, second] },
    );
    expect(saved.code, saved.msg).toBe(0);
    expect(saved.data.pinned.map((i: { id: number }) => i.id)).toEqual([oldest, second]);

    const after = await call<Home>(ctx.app, 'GET', '/api/portal/home');
    expect(after.data.news.map((i: { id: number }) => i.id)).toEqual([oldest, second, ids[6], ids[5], ids[4]]);

    const blocks = await call<DataOf<'GET /api/admin/home-blocks'>>(ctx.app, 'GET', '/api/admin/home-blocks', op.token);
    expect(blocks.data.map((b: { key: string }) => b.key)).toEqual(['news', 'service', 'activity', 'training']);
    expect(blocks.data[0]).toMatchObject({ title: '政策资讯', size: 5 });

    // Validation: other section, draft, too many, duplicates, unknown block.
    const put = (block: string, itemIds: unknown) =>
      call(ctx.app, 'PUT', `/api/admin/home-blocks/${block}`, op.token, { itemIds });
    expect(await put('news', [service])).toMatchObject({ code: 400, msg: `内容 ${service} 不属于“政策资讯”栏目` });
    expect(await put('news', [draft])).toMatchObject({ code: 400, msg: `内容 ${draft} 尚未发布，只能置顶已发布的内容` });
    expect(await put('news', ids.slice(0, 6))).toMatchObject({ code: 400, msg: '“政策资讯”最多置顶 5 条（首页只显示 5 条）' });
    expect(await put('news', [oldest, oldest])).toMatchObject({ code: 400, msg: '置顶内容重复' });
    expect(await put('news', ['x'])).toMatchObject({ code: 400 });
    expect(await put('banner', [])).toMatchObject({ code: 404 });

    // Reorder, then unpin all.
    expect((await put('news', [second, oldest])).code).toBe(0);
    expect((await call<Home>(ctx.app, 'GET', '/api/portal/home')).data.news[0]!.id).toBe(second);
    expect((await put('news', [])).code).toBe(0);
    expect((await call<Home>(ctx.app, 'GET', '/api/portal/home')).data.news[0]!.id).toBe(ids[6]);

    const rows = await audit('home.pins');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatchObject({ actor_id: op.id, detail: { block: 'news', changes: { itemIds: [[], [oldest, second]] } } });
  });

  it('lets only admins change the review-waiting limits, validated and audited, and health uses them', async () => {
    const plain = await userWithToken(ctx.app);
    const op = await userWithToken(ctx.app, 'operator');
    const admin = await userWithToken(ctx.app, 'admin');
    const url = '/api/admin/settings/review-limits';
    const body = { reports: 10, applications: 5, certifications: 3 };
    expect(await call(ctx.app, 'GET', url, plain.token)).toMatchObject({ code: 403 });
    expect(await call(ctx.app, 'PUT', url, op.token, body)).toMatchObject({ code: 403 });
    expect((await call(ctx.app, 'GET', url, admin.token)).data).toEqual({ reports: 30, applications: 15, certifications: 7 });

    await ctx.app.db.query(
      "insert into standard_missing_reports (standard_no, title, seen_at, region, created_at) values ('DB4420/T 9-2020', '示例', '公告', 'zhongshan', $1)",
      [daysAgo(12)],
    );
    const reportsOverdue = async () =>
      (await call<DataOf<'GET /api/admin/health'>>(ctx.app, 'GET', '/api/admin/health', op.token)).data.overdue.find(
        (o: { key: string }) => o.key === 'reports',
      );
    expect(await reportsOverdue()).toMatchObject({ count: 0, limitDays: 30 });

    expect(await call(ctx.app, 'PUT', url, admin.token, { ...body, reports: 0 })).toMatchObject({
      code: 400,
      msg: '缺失标准反馈的期限至少 1 天',
    });
    expect(await call(ctx.app, 'PUT', url, admin.token, { ...body, applications: 1.5 })).toMatchObject({
      code: 400,
      msg: '申请的期限须为整数天',
    });
    expect(await call(ctx.app, 'PUT', url, admin.token, { ...body, certifications: 400 })).toMatchObject({ code: 400 });
    const saved = await call(ctx.app, 'PUT', url, admin.token, body);
    expect(saved).toMatchObject({ code: 0, data: body });
    expect(await reportsOverdue()).toMatchObject({ count: 1, limitDays: 10 });

    // A publication dated in the future is not an update yet (no negative ages on the page).
    await ctx.app.db.query(
      "insert into portal_items (section, category, title, published_at) values ('activity', 'standard', '【示例】将来的活动', now() + interval '15 days')",
    );
    const sections = (await call<DataOf<'GET /api/admin/health'>>(ctx.app, 'GET', '/api/admin/health', op.token)).data.sections;
    expect(sections.find((x: { section: string }) => x.section === 'activity')).toMatchObject({
      lastUpdated: null,
      level: 'red',
    });
    for (const x of sections) expect(x.ageDays === null || x.ageDays >= 0).toBe(true);
    const [row] = await audit('settings.review_limits');
    expect(row).toMatchObject({ actor_id: admin.id, detail: { changes: { reports: [30, 10] } } });
  });

  it('resolves relative links in stored bodies when checking links', async () => {
    expect(internalPath('/news-detail?id=3')).toBe('/news-detail?id=3');
    expect(internalPath('news-detail?id=3')).toBe('/news-detail?id=3');
    expect(internalPath('./news-detail?id=3&amp;x=1')).toBe('/news-detail?id=3&x=1');
    expect(internalPath('https://example.org/a')).toBeNull();
    expect(internalPath('//example.org/a')).toBeNull();
    expect(internalPath('mailto:a@b.cn')).toBeNull();
    expect(internalPath('#top')).toBeNull();

    const op = await userWithToken(ctx.app, 'operator');
    const live = await insertItem(ctx.app.db, { section: 'news', category: 'work', title: '【示例】在线' });
    const body = `<p><a href="news-detail?id=${live}">好</a> <a href="news-detail?id=987654">坏</a>
      <a href="/news-detail?id=987653">坏2</a> <a href="https://example.org/news-detail?id=987652">外</a></p>`;
    const item = await insertItem(ctx.app.db, { section: 'news', category: 'work', title: '【示例】相对链接', bodyHtml: body });
    const checked = await call<DataOf<'POST /api/admin/health/check-links'>>(
      ctx.app,
      'POST',
      '/api/admin/health/check-links',
      op.token,
    );
    const broken = checked.data.brokenLinks.broken.filter((b: { id: number }) => b.id === item);
    expect(broken.map((b: { url: string }) => b.url).sort()).toEqual(['/news-detail?id=987653', 'news-detail?id=987654']);
  });
});
