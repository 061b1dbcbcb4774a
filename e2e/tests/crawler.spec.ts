import { PAGE_ROUTES, documentTitle } from '@zs/shared/pages';
import { test, expect } from './fixtures.ts';

/**
 * A crawler that runs no JavaScript (docs/decisions/0078): plain HTTP GETs against the real server and build, reading
 * only what the HTML says. Then one browser visit shows the app taking the page over.
 */
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];
const appText = (html: string) =>
  html.slice(html.indexOf('<div id="app">'), html.indexOf('<script', html.indexOf('<div id="app">')));
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);
const pathOf = (url: string) => {
  const u = new URL(url);
  return u.pathname + u.search;
};
const decode = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

test.describe('what a crawler reads', () => {
  test('every page address in the sitemap has its own title, canonical link, text and links', async ({ request }) => {
    const index = await request.get('/sitemap.xml');
    expect(index.status()).toBe(200);
    expect(index.headers()['content-type']).toContain('application/xml');
    const parts = locs(await index.text());
    expect(parts.map((p) => new URL(p).pathname)).toEqual(
      expect.arrayContaining([
        '/sitemap-pages-1.xml',
        '/sitemap-news-1.xml',
        '/sitemap-sections-1.xml',
        '/sitemap-standards-1.xml',
      ]),
    );
    const byPart: Record<string, string[]> = {};
    for (const part of parts) {
      const res = await request.get(pathOf(part));
      expect(res.status(), part).toBe(200);
      const urls = locs(await res.text());
      expect(urls.length, part).toBeGreaterThan(0);
      expect(urls.length, part).toBeLessThanOrEqual(50_000);
      byPart[new URL(part).pathname] = urls;
    }

    // The landing pages: the title the app gives them, and links to the others.
    for (const url of byPart['/sitemap-pages-1.xml']!) {
      const path = new URL(url).pathname;
      const res = await request.get(path);
      expect(res.status(), path).toBe(200);
      const html = await res.text();
      const route = PAGE_ROUTES.find((r) => r.path === path)!;
      expect(decode(titleOf(html) ?? ''), path).toBe(documentTitle(route.title));
      expect(html, path).toMatch(/<html lang="zh-CN">/);
      expect(canonicalOf(html), path).toBe(url);
      expect(appText(html), path).toContain(`<h1>${route.title.replace(/&/g, '&amp;')}</h1>`);
      expect(appText(html), path).toContain('<a href="/news">政策资讯</a>');
    }

    // A news article and a standard: the item's name as title, its text in the page.
    const news = byPart['/sitemap-news-1.xml']![0]!;
    const article = await (await request.get(pathOf(news))).text();
    const heading = /<h1>([^<]+)<\/h1>/.exec(appText(article))![1]!;
    expect(decode(titleOf(article)!)).toBe(documentTitle(decode(heading)));
    expect(canonicalOf(article)).toBe(news);
    expect(article).toContain('<meta property="og:type" content="article" />');
    expect(appText(article)).toContain('<a href="/news">返回政策资讯</a>');

    const standard = byPart['/sitemap-standards-1.xml']![0]!;
    const record = await (await request.get(pathOf(standard))).text();
    expect(titleOf(record)).not.toBe(documentTitle('标准详情'));
    expect(appText(record)).toContain('<dt>标准号</dt>');
    expect(appText(record)).toContain('<dt>标准状态</dt>');
  });

  test('unknown pages and unknown ids answer HTTP 404 with the 页面不存在 page', async ({ request }) => {
    for (const path of [
      '/no-such-page-here',
      '/news-detail?id=99999999',
      '/standard-detail?id=99999999',
      '/talent-detail?id=x',
    ]) {
      const res = await request.get(path);
      expect(res.status(), path).toBe(404);
      const html = await res.text();
      expect(decode(titleOf(html) ?? ''), path).toBe(documentTitle('页面不存在'));
      expect(appText(html), path).toContain('404 页面不存在');
      expect(html, path).toContain('<meta name="robots" content="noindex" />');
    }
  });

  test('robots.txt, the icons and the web manifest are served', async ({ request }) => {
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toContain('Disallow: /admin');
    expect(robots).toMatch(/Sitemap: http:\/\/127\.0\.0\.1:\d+\/sitemap\.xml/);
    for (const path of ['/favicon.ico', '/apple-touch-icon.png', '/icon-192.png', '/manifest.webmanifest']) {
      expect((await request.get(path)).status(), path).toBe(200);
    }
    const home = await (await request.get('/home')).text();
    expect(home).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
    expect(home).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png" />');
  });

  test('the app takes the page over from the text the server sent', async ({ page, request, pageErrors }) => {
    const news = locs(await (await request.get('/sitemap-news-1.xml')).text())[0]!;
    await page.goto(pathOf(news));
    await expect(page.locator('.portal-detail')).toBeVisible();
    // The server's navigation list was inside the container the app replaced.
    await expect(page.locator('nav[aria-label="栏目导航"]')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    expect(pageErrors).toEqual([]);
  });
});
