import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { validateXML } from 'xmllint-wasm';
import { buildApp } from '../src/app.ts';
import { insertItem } from '../src/modules/portal/repository.ts';
import { partsOf, PART_SIZE, SitemapCache } from '../src/modules/seo/sitemap.ts';
import { HIDE_EMPTY_SETTING } from '../src/modules/site/sections.ts';
import { putSetting } from '../src/modules/site/settings.ts';
import { testConfig } from './helpers/app.ts';
import { createTestDb, engines, type TestDb } from './helpers/db.ts';
const repoRoot = path.resolve(import.meta.dirname, '../../..');

/**
 * A crawler without JavaScript (docs/decisions/0078): plain GETs through app.inject(), reading what the HTML itself
 * says. The web build is stood in for by a dist folder with index.html shaped as Vite writes it and the real icons.
 */
const SCHEMAS = path.join(import.meta.dirname, 'fixtures', 'sitemaps');
const INDEX_HTML = `<!doctype html>
<html lang="zh-CN">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="站点描述" />
    <title>中山市标准信息公共服务平台</title>
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
  </head>
  <body>
    <noscript>请启用浏览器的 JavaScript</noscript>
    <div id="app"></div>
  </body>
</html>
`;

async function xsdErrors(xml: string, schema: 'sitemap.xsd' | 'siteindex.xsd'): Promise<string[]> {
  const res = await validateXML({
    xml: [{ fileName: 'doc.xml', contents: xml }],
    schema: [fs.readFileSync(path.join(SCHEMAS, schema), 'utf8')],
    maxMemoryPages: 4096,
  });
  return res.errors.map((e) => e.rawMessage);
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);
const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));
const appOf = (html: string) => html.slice(html.indexOf('<div id="app">'), html.lastIndexOf('</div>'));

describe.each(engines)('what a crawler reads (%s)', (engine) => {
  let app: FastifyInstance;
  let testDb: TestDb;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'zs-seo-dist-'));
  const ids: Record<string, number> = {};

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    fs.writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
    fs.cpSync(path.join(repoRoot, 'apps/web/public'), dist, { recursive: true });
    testDb = await createTestDb(engine);
    app = await buildApp({ config: testConfig({ WEB_DIST: dist }), db: testDb.db, logger: false });
    const db = app.db;
    ids.news = await insertItem(db, {
      section: 'news',
      category: 'notice',
      title: '关于开展 2026 年标准化试点的通知 & "说明"',
      summary: '试点申报的时间与要求',
      bodyHtml: '<p>申报截止日期为 12 月 31 日。</p><script>alert(1)</script>',
      source: '中山市市场监督管理局',
    });
    ids.demo = await insertItem(db, { section: 'news', title: '示例资讯标题', bodyHtml: '<p>示例正文</p>', demo: true });
    ids.draft = await insertItem(db, { section: 'news', title: '草稿不公开', status: 'draft' });
    ids.training = await insertItem(db, { section: 'training', title: '培训资料标题' });
    ids.service = await insertItem(db, {
      section: 'service',
      category: 'novelty_search',
      title: '标准查新服务',
      attrs: { provider: '机构', scope: '范围', steps: ['提交'], fees: '面议' },
    });
    // A title written past the write path's plain-text rule: the page must still escape it.
    await db.query(`update portal_items set title = '<img src=x onerror=alert(1)>注入标题' where id = $1`, [ids.demo]);
    const [std] = await db.query<{ id: number }>(
      `insert into standards (standard_no, no_key, no_base, no_prefix, name_zh, name_en, level, status, publish_date, implement_date, scope)
       values ('DB4420/T 1-2026', 'DB4420T1-2026', 'DB4420/T 1', 'DB4420/T', '示例地方标准名称', 'Example title', 'local', 'current',
               '2026-01-01', '2026-03-01', '适用于示例产品') returning id::int as id`,
    );
    ids.standard = std!.id;
  });
  afterAll(async () => {
    await app.close();
    await testDb.drop();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it("sends a news item's own title, description, canonical link, Open Graph tags and text in the HTML", async () => {
    const res = await get(`/news-detail?id=${ids.news}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const html = res.body;
    const head = headOf(html);
    expect(html).toMatch(/^<!doctype html>\s*<html lang="zh-CN">/);
    expect(head).toContain('<title>关于开展 2026 年标准化试点的通知 &amp; &quot;说明&quot; - 中山市标准信息公共服务平台</title>');
    expect(head.match(/<title>/g)).toHaveLength(1);
    expect(head.match(/name="description"/g)).toHaveLength(1);
    expect(head).toContain(
      '<meta name="description" content="关于开展 2026 年标准化试点的通知 &amp; &quot;说明&quot;：试点申报的时间与要求" />',
    );
    expect(head).toContain(`<link rel="canonical" href="http://localhost:80/news-detail?id=${ids.news}" />`);
    expect(head).toContain('<meta property="og:type" content="article" />');
    expect(head).toContain(`<meta property="og:url" content="http://localhost:80/news-detail?id=${ids.news}" />`);
    expect(head).toContain('<meta property="og:title" content="关于开展');
    expect(head).not.toContain('noindex');
    // The app's script is still there to take over, and the text sits inside the container it replaces.
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc123.js"></script>');
    const main = appOf(html);
    expect(main).toContain('<h1>关于开展 2026 年标准化试点的通知 &amp; &quot;说明&quot;</h1>');
    expect(main).toContain('申报截止日期为 12 月 31 日。');
    expect(main).toContain('通知公告');
    expect(main).toContain('来源：中山市市场监督管理局');
    expect(main).not.toContain('<script');
    expect(main).toContain('<a href="/news">返回政策资讯</a>');
    expect(main).toContain('<a href="/standard-search">标准检索</a>');
  });

  it('escapes what it did not write itself and labels demo content 示例', async () => {
    const html = (await get(`/news-detail?id=${ids.demo}`)).body;
    expect(html).not.toContain('<img src=x');
    expect(headOf(html)).toContain('<title>&lt;img src=x onerror=alert(1)&gt;注入标题 - 中山市标准信息公共服务平台</title>');
    expect(appOf(html)).toContain('<strong>示例</strong>');
  });

  it("sends a standard's bibliographic record under its one address, whichever list it was opened from", async () => {
    for (const route of ['/standard-detail', '/standard-zsDetail']) {
      const res = await get(`${route}?id=${ids.standard}`);
      expect(res.statusCode).toBe(200);
      const head = headOf(res.body);
      expect(head).toContain('<title>DB4420/T 1-2026 示例地方标准名称 - 中山市标准信息公共服务平台</title>');
      expect(head).toContain(`<link rel="canonical" href="http://localhost:80/standard-detail?id=${ids.standard}" />`);
      expect(head).toContain('DB4420/T 1-2026《示例地方标准名称》，地方标准，现行，2026-01-01 发布');
      const main = appOf(res.body);
      for (const text of [
        '<dt>标准状态</dt><dd>现行</dd>',
        '<dt>实施日期</dt><dd>2026-03-01</dd>',
        'Example title',
        '适用于示例产品',
      ]) {
        expect(main).toContain(text);
      }
    }
    expect(appOf((await get(`/standard-zsDetail?id=${ids.standard}`)).body)).toContain(
      '<a href="/standard-zhongshan">返回中山标准</a>',
    );
  });

  it('lists the newest items with links on the list pages, and every landing page has its own title', async () => {
    const news = await get('/news');
    expect(news.statusCode).toBe(200);
    expect(headOf(news.body)).toContain('<title>政策资讯 - 中山市标准信息公共服务平台</title>');
    expect(headOf(news.body)).toContain('<link rel="canonical" href="http://localhost:80/news" />');
    expect(appOf(news.body)).toContain(`<a href="/news-detail?id=${ids.news}">`);
    expect(appOf(news.body)).not.toContain('草稿不公开');
    expect(appOf((await get('/service-platform')).body)).toContain(
      `<a href="/service-detail?id=${ids.service}">标准查新服务</a>`,
    );
    for (const [url, canonical] of [
      ['/', '/home'],
      ['/patent-index', '/home'],
      ['/standard-search', '/standard-search'],
    ]) {
      const res = await get(url!);
      expect(res.statusCode, url).toBe(200);
      expect(headOf(res.body)).toContain(`<link rel="canonical" href="http://localhost:80${canonical}" />`);
    }
  });

  it('leaves the sections 隐藏空栏目 hides out of its links, and lists them again when the office turns it off', async () => {
    const navOf = async () => {
      const html = appOf((await get('/home')).body);
      return html.slice(html.indexOf('<nav aria-label="栏目导航">'));
    };
    // 人才库 has nothing published here; 政策资讯 has.
    expect(await navOf()).toContain('<a href="/talent-pool">');
    await putSetting(app.db.query, HIDE_EMPTY_SETTING, 'true');
    try {
      const nav = await navOf();
      expect(nav).not.toContain('<a href="/talent-pool">');
      expect(nav).toContain('<a href="/news">');
      expect(nav).toContain('<a href="/standard-search">');
    } finally {
      await putSetting(app.db.query, HIDE_EMPTY_SETTING, 'false');
    }
    expect(await navOf()).toContain('<a href="/talent-pool">');
  });

  it('answers unknown pages and unknown, malformed or unpublished ids with HTTP 404 and the 页面不存在 page', async () => {
    for (const url of [
      '/no-such-page',
      '/news-detail?id=99999999',
      '/news-detail?id=abc',
      '/news-detail?id=',
      `/news-detail?id=${ids.draft}`,
      `/news-detail?id=${ids.service}`,
      '/standard-detail?id=99999999',
      '/standard-detail?id=1e3',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(headOf(res.body), url).toContain('<title>页面不存在 - 中山市标准信息公共服务平台</title>');
      expect(headOf(res.body), url).toContain('<meta name="robots" content="noindex" />');
      expect(appOf(res.body), url).toContain('404 页面不存在');
      expect(res.body, url).toContain('/assets/index-abc123.js');
    }
  });

  it('gives login-only and console pages their title and noindex, never content', async () => {
    const training = await get(`/training-detail?id=${ids.training}`);
    expect(training.statusCode).toBe(200);
    expect(headOf(training.body)).toContain('<title>培训详情 - 中山市标准信息公共服务平台</title>');
    expect(headOf(training.body)).toContain('noindex');
    expect(training.body).not.toContain('培训资料标题');
    // A detail address with no id at all names nothing: the page the app shows (未指定), not indexed.
    const bare = await get('/news-detail');
    expect(bare.statusCode).toBe(200);
    expect(headOf(bare.body)).toContain('<title>资讯详情 - 中山市标准信息公共服务平台</title>');
    expect(headOf(bare.body)).toContain('noindex');
    const admin = await get('/admin/content/news/5');
    expect(headOf(admin.body)).toContain('<title>编辑内容 - 中山市标准信息公共服务平台</title>');
    expect(headOf(admin.body)).toContain('noindex');
  });

  it('serves robots.txt closing the console, the API and the login-only pages, naming the sitemap', async () => {
    const res = await get('/robots.txt', { host: 'std.example.cn' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const lines = res.body.split('\n');
    for (const line of [
      'User-agent: *',
      'Disallow: /admin',
      'Disallow: /api/',
      'Disallow: /my-collection',
      'Disallow: /training-detail',
    ]) {
      expect(lines).toContain(line);
    }
    expect(lines).not.toContain('Disallow: /standard-detail');
    expect(lines).not.toContain('Disallow: /news-detail');
    expect(lines).toContain('Sitemap: http://std.example.cn/sitemap.xml');
  });

  it('serves a sitemap index and parts that validate against the protocol schemas, with lastmod', async () => {
    const index = await get('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toContain('application/xml');
    expect(await xsdErrors(index.body, 'siteindex.xsd')).toEqual([]);
    const parts = locs(index.body);
    expect(parts).toEqual([
      'http://localhost:80/sitemap-pages-1.xml',
      'http://localhost:80/sitemap-news-1.xml',
      'http://localhost:80/sitemap-sections-1.xml',
      'http://localhost:80/sitemap-standards-1.xml',
    ]);
    const all: string[] = [];
    for (const loc of parts) {
      const res = await get(new URL(loc).pathname);
      expect(res.statusCode, loc).toBe(200);
      expect(await xsdErrors(res.body, 'sitemap.xsd'), loc).toEqual([]);
      all.push(...locs(res.body));
    }
    expect(all).toContain('http://localhost:80/home');
    expect(all).toContain('http://localhost:80/news');
    expect(all).toContain(`http://localhost:80/news-detail?id=${ids.news}`);
    expect(all).toContain(`http://localhost:80/service-detail?id=${ids.service}`);
    expect(all).toContain(`http://localhost:80/standard-detail?id=${ids.standard}`);
    expect(all).not.toContain(`http://localhost:80/news-detail?id=${ids.draft}`);
    expect(all.some((u) => u.includes('/admin') || u.includes('/my-') || u.includes('training-detail'))).toBe(false);
    const standards = (await get('/sitemap-standards-1.xml')).body;
    expect(standards).toMatch(/<lastmod>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z<\/lastmod>/);
    // Every listed page answers 200 with its own canonical address.
    for (const loc of all) {
      const res = await get(new URL(loc).pathname + new URL(loc).search);
      expect(res.statusCode, loc).toBe(200);
      expect(headOf(res.body), loc).toContain(`<link rel="canonical" href="${loc}" />`);
    }
  });

  it('rejects what the schema rejects, so the validation can fail', async () => {
    expect(
      await xsdErrors(
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><lastmod>x</lastmod></url></urlset>',
        'sitemap.xsd',
      ),
    ).not.toEqual([]);
  });

  it('answers parts that do not exist with 404', async () => {
    for (const url of ['/sitemap-standards-2.xml', '/sitemap-standards-0.xml', '/sitemap-users-1.xml', '/sitemap-news.xml']) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
  });

  it('shows a new item at the next request though the sitemap is cached', async () => {
    const before = (await get('/sitemap-news-1.xml')).body;
    const id = await insertItem(app.db, { section: 'news', title: '刚发布的资讯' });
    expect(before).not.toContain(`news-detail?id=${id}`);
    expect((await get('/sitemap-news-1.xml')).body).toContain(`news-detail?id=${id}`);
  });

  it('serves security.txt with the contact from the site settings, and none while there is no real contact', async () => {
    expect((await get('/.well-known/security.txt')).statusCode).toBe(404);
    await app.db.query(
      `insert into site_contacts (real_name, mobile, email, role, sort_order, demo) values
         ('示例联系人', '13800000000', 'demo@example.com', 'operations', 0, true),
         ('运维', '13912345678', 'security@zs.example.cn', 'technical', 1, false)`,
    );
    const res = await get('/.well-known/security.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const lines = res.body.split('\n');
    expect(lines).toContain('Contact: mailto:security@zs.example.cn');
    expect(lines).toContain('Contact: tel:+8613912345678');
    expect(res.body).not.toContain('demo@example.com');
    expect(lines).toContain('Canonical: http://localhost:80/.well-known/security.txt');
    const expires = Date.parse(lines.find((l) => l.startsWith('Expires: '))!.slice(9));
    expect(expires).toBeGreaterThan(Date.now());
    expect(expires).toBeLessThan(Date.now() + 366 * 86_400_000);
  });

  it('splits a kind into parts of the limit, each address in exactly one part', async () => {
    for (let i = 0; i < 4; i++) {
      await app.db.query(
        `insert into standards (standard_no, no_key, no_base, no_prefix, name_zh, level) values ($1, $1, $1, 'T', '分片测试', 'group')`,
        [`T/ZS ${900 + i}-2026`],
      );
    }
    const [row] = await app.db.query<{ n: number }>('select count(*)::int as n from standards');
    const n = row!.n;
    const small = new SitemapCache(2);
    const index = locs(await small.index(app.db, 'http://localhost:80'));
    const parts = index.filter((u) => u.includes('sitemap-standards-'));
    expect(parts).toHaveLength(Math.ceil(n / 2));
    const seen: string[] = [];
    for (let i = 1; i <= parts.length; i++) {
      const xml = (await small.part(app.db, 'http://localhost:80', 'standards', i))!;
      expect(await xsdErrors(xml, 'sitemap.xsd')).toEqual([]);
      expect(locs(xml).length).toBeLessThanOrEqual(2);
      seen.push(...locs(xml));
    }
    expect(new Set(seen).size).toBe(n);
    expect(seen).toHaveLength(n);
    expect(await small.part(app.db, 'http://localhost:80', 'standards', parts.length + 1)).toBeNull();
  });

  it('serves the icons and the web manifest', async () => {
    const ico = await get('/favicon.ico');
    expect(ico.statusCode).toBe(200);
    expect(ico.rawPayload.subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0]));
    const touch = await get('/apple-touch-icon.png');
    expect(touch.statusCode).toBe(200);
    expect(touch.headers['content-type']).toBe('image/png');
    const manifest = await get('/manifest.webmanifest');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toContain('application/manifest+json');
    const m = JSON.parse(manifest.body) as { name: string; lang: string; icons: { src: string }[] };
    expect(m).toMatchObject({ name: '中山市标准信息公共服务平台', lang: 'zh-CN', start_url: '/home' });
    for (const icon of m.icons) expect((await get(icon.src)).statusCode, icon.src).toBe(200);
  });
});

describe('sitemap parts', () => {
  it('keeps each part within the protocol limit of 50,000 addresses', () => {
    expect(PART_SIZE).toBe(50_000);
    expect(partsOf('standards', 0)).toBe(0);
    expect(partsOf('standards', 50_000)).toBe(1);
    expect(partsOf('standards', 50_001)).toBe(2);
    expect(partsOf('standards', 1_000_000)).toBe(20);
    expect(partsOf('pages', 0)).toBe(1);
  });
});
