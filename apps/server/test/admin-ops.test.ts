import { describe, expect, it } from 'vitest';
import { engines } from './helpers/db.ts';
import { useTestApp } from './helpers/app.ts';
import { call, type DataOf } from './helpers/answer.ts';
import { userWithToken } from './helpers/login.ts';
import { collect } from './helpers/usercentre.ts';
import { insertItem } from '../src/modules/portal/repository.ts';
import { runSeeders } from '../src/db/seed.ts';
import { seedSite } from '../src/modules/site/seed.ts';
import { seedPortalPages } from '../src/modules/portal/seed/seed.ts';
import { createStandard } from '../src/modules/standards/catalogue/editing.ts';

const silent = { info: () => undefined } as never;
const daysAgo = (n: number) => new Date(Date.now() - n * 86400_000).toISOString();

describe.each(engines)('console dashboard, inspection readiness and demo content on %s', (engine) => {
  const ctx = useTestApp(engine);

  it('refuses plain users; demo removal is admin only', async () => {
    const plain = await userWithToken(ctx.app);
    const op = await userWithToken(ctx.app, 'operator');
    for (const url of ['/api/admin/dashboard', '/api/admin/health']) {
      expect(await call(ctx.app, 'GET', url, plain.token)).toMatchObject({ code: 403 });
      expect(await call(ctx.app, 'GET', url, op.token)).toMatchObject({ code: 0 });
    }
    expect(await call(ctx.app, 'POST', '/api/admin/health/check-links', plain.token)).toMatchObject({ code: 403 });
    expect(await call(ctx.app, 'POST', '/api/admin/demo/remove', op.token)).toMatchObject({ code: 403 });
    expect(await call(ctx.app, 'GET', '/api/admin/demo', op.token)).toMatchObject({ code: 403 });
  });

  it('shows an aged news section, a broken attachment and link, overdue reports and a mistyped word in red', async () => {
    const op = await userWithToken(ctx.app, 'operator');
    const fresh = await call<DataOf<'GET /api/admin/health'>>(ctx.app, 'GET', '/api/admin/health', op.token);
    expect(fresh.data.sections.find((s: { section: string }) => s.section === 'news')).toMatchObject({
      blank: true,
      level: 'red',
    });

    const news = await insertItem(ctx.app.db, {
      section: 'news',
      category: 'work',
      title: '【示例】旧新闻',
      bodyHtml: '<p>截止目前已完成</p>',
    });
    await ctx.app.db.query('update portal_items set published_at = $2 where id = $1', [news, daysAgo(20)]);
    const withFile = await insertItem(ctx.app.db, {
      section: 'news',
      category: 'work',
      title: '【示例】带附件',
    });
    // An attachment whose file row is gone and a cover address that answers "not found".
    await ctx.app.db.query(
      `update portal_items set cover = '/api/portal/news/999999', attrs = '{"attachments":[{"fileId":999999,"name":"通知.pdf"}]}'::jsonb where id = $1`,
      [withFile],
    );
    await ctx.app.db.query("update portal_items set published_at = $1 where section = 'news'", [daysAgo(20)]);
    await ctx.app.db.query(
      "insert into portal_items (section, category, title, published_at) values ('service', 'novelty_search', '【示例】服务', $1)",
      [daysAgo(100)],
    );
    await ctx.app.db.query(
      "insert into standard_missing_reports (standard_no, title, seen_at, region, created_at) values ('DB4420/T 1-2020', '示例', '公告', 'zhongshan', $1)",
      [daysAgo(40)],
    );

    const checked = await call<DataOf<'POST /api/admin/health/check-links'>>(
      ctx.app,
      'POST',
      '/api/admin/health/check-links',
      op.token,
    );
    expect(checked.code, checked.msg).toBe(0);
    const h = checked.data;
    expect(h.sections.find((s: { section: string }) => s.section === 'news')).toMatchObject({
      level: 'red',
      ageDays: 20,
      thresholdDays: 14,
      blank: false,
    });
    expect(h.sections.find((s: { section: string }) => s.section === 'service')).toMatchObject({
      level: 'green',
      thresholdDays: 180,
    });
    const broken = h.brokenLinks.broken.map((b: { url: string; reason: string }) => `${b.url}|${b.reason}`);
    expect(broken).toEqual(expect.arrayContaining(['附件：通知.pdf|附件记录不存在', '/api/portal/news/999999|资源不存在']));
    expect(h.overdue.find((o: { key: string }) => o.key === 'reports')).toMatchObject({ count: 1, limitDays: 30 });
    expect(h.wordHits).toContainEqual(expect.objectContaining({ id: news, word: '截止目前' }));
    expect(h.red).toBe(true);
    expect(
      (await call<DataOf<'GET /api/admin/dashboard'>>(ctx.app, 'GET', '/api/admin/dashboard', op.token)).data.healthRed,
    ).toBe(true);

    // Fixing the items clears them.
    await ctx.app.db.query(
      "update portal_items set published_at = now(), body_html = '<p>截至目前</p>', cover = null, attrs = '{}'::jsonb where section = 'news'",
    );
    const after = (
      await call<DataOf<'POST /api/admin/health/check-links'>>(ctx.app, 'POST', '/api/admin/health/check-links', op.token)
    ).data;
    expect(after.sections.find((s: { section: string }) => s.section === 'news')!.level).toBe('green');
    expect(after.brokenLinks.broken).toEqual([]);
    expect(after.wordHits).toEqual([]);
  });

  it('counts waiting work, searches per day, zero-result queries and the most collected standards', async () => {
    const op = await userWithToken(ctx.app, 'operator');
    const u = await userWithToken(ctx.app);
    const { id } = await createStandard(ctx.app.db, op.id, {
      standardNo: 'DB4420/T 301-2024',
      nameZh: '【示例】热门标准',
    } as never);
    await collect(ctx.app, u.id, id);
    await call(ctx.app, 'GET', `/api/portal/standards?keyword=${encodeURIComponent('完全不存在的标准词')}`);
    await call(ctx.app, 'GET', `/api/portal/standards?keyword=${encodeURIComponent('完全不存在的标准词')}`);
    await call(ctx.app, 'GET', `/api/portal/standards?keyword=${encodeURIComponent('热门标准')}`);
    await ctx.app.db.query('select 1'); // the log insert is fire-and-forget
    await expect.poll(async () => (await ctx.app.db.query('select count(*)::int as n from search_log'))[0]!.n).toBe(3);
    const d = (await call<DataOf<'GET /api/admin/dashboard'>>(ctx.app, 'GET', '/api/admin/dashboard', op.token)).data;
    expect(d.zeroResultQueries[0]).toEqual({ query: '完全不存在的标准词', count: 2 });
    expect(d.topQueries.map((q: { query: string }) => q.query)).toContain('热门标准');
    expect(d.topCollected[0]).toMatchObject({ id, standardNo: 'DB4420/T 301-2024', count: 1 });
    expect(d.trends.searches).toHaveLength(30);
    expect(d.trends.searches.at(-1)!.count).toBe(3);
    expect(d.waiting.map((w: { key: string }) => w.key)).toEqual([
      'certifications',
      'applications',
      'missing-reports',
      'consultations',
      'questions-overdue',
    ]);
  });

  it('loads real seeders without SEED_DEMO, and removes all demo content in one step for good', async () => {
    const admin = await userWithToken(ctx.app, 'admin');
    const ran = await runSeeders(ctx.app.db, silent, [seedSite, seedPortalPages], { demo: false });
    expect(ran).toEqual(['portal-pages']);
    expect((await ctx.app.db.query('select count(*)::int as n from site_contacts'))[0]).toEqual({ n: 0 });
    await runSeeders(ctx.app.db, silent, [seedSite], { demo: true });
    const real = await insertItem(ctx.app.db, { section: 'gi_product', category: 'fruit', title: '真实条目' });
    await insertItem(ctx.app.db, { section: 'news', category: 'work', title: '【示例】演示', demo: true });
    const before = (await call<DataOf<'GET /api/admin/demo'>>(ctx.app, 'GET', '/api/admin/demo', admin.token)).data;
    expect(before.contacts).toBe(2);
    expect(before.items).toBeGreaterThan(0);
    const removed = await call(ctx.app, 'POST', '/api/admin/demo/remove', admin.token);
    expect(removed.code, removed.msg).toBe(0);
    expect((await call(ctx.app, 'GET', '/api/admin/demo', admin.token)).data).toEqual({ items: 0, contacts: 0, fulltexts: 0 });
    expect(await ctx.app.db.query('select id from portal_items where id = $1', [real])).toHaveLength(1);
    expect(await runSeeders(ctx.app.db, silent, [seedSite], { demo: true })).toEqual([]);
    const audit = await ctx.app.db.query<{ actor_id: number }>("select actor_id from audit_log where action = 'demo.remove'");
    expect(audit).toEqual([{ actor_id: admin.id }]);
  });
});
