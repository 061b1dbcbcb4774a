import crypto from 'node:crypto';
import { DOMParser } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import { insertItem } from '../src/modules/portal/repository.ts';
import { useTestApp } from './helpers/app.ts';
import { engines } from './helpers/db.ts';

const ATOM = 'http://www.w3.org/2005/Atom';
const ORIGIN = 'http://feeds.example.cn';

interface Entry {
  id: string;
  title: string;
  link: string;
  summary: string;
  updated: string;
}

/** Parses the feed as XML (a malformed document fails the test) and reads what a feed reader reads. */
function parseFeed(xml: string) {
  const errors: string[] = [];
  const doc = new DOMParser({
    errorHandler: { error: (msg: string) => errors.push(msg), fatalError: (msg: string) => errors.push(msg) },
  }).parseFromString(xml, 'application/xml');
  expect(errors).toEqual([]);
  const root = doc.documentElement!;
  expect(root.localName).toBe('feed');
  expect(root.namespaceURI).toBe(ATOM);
  const child = (el: Element, name: string) =>
    Array.from(el.childNodes).find((n) => (n as Element).localName === name) as Element;
  const text = (el: Element, name: string) => child(el, name)?.textContent ?? '';
  const links = (el: Element) =>
    Array.from(el.childNodes)
      .filter((n) => (n as Element).localName === 'link')
      .map((n) => ({ rel: (n as Element).getAttribute('rel'), href: (n as Element).getAttribute('href') ?? '' }));
  const entries: Entry[] = Array.from(root.childNodes)
    .filter((n) => (n as Element).localName === 'entry')
    .map((n) => {
      const e = n as Element;
      return {
        id: text(e, 'id'),
        title: text(e, 'title'),
        link: links(e).find((l) => l.rel === 'alternate')?.href ?? '',
        summary: text(e, 'summary'),
        updated: text(e, 'updated'),
      };
    });
  return { title: text(root, 'title'), id: text(root, 'id'), updated: text(root, 'updated'), links: links(root), entries };
}

describe.each(engines)('Atom feeds (%s)', (engine) => {
  const ctx = useTestApp(engine);
  const get = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url, headers: { host: 'feeds.example.cn', ...headers } });

  async function standard(no: string, prefix: string, name: string, publish: string, extra: { ccs?: string; ics?: string } = {}) {
    const key = `${no.replace(/\s/g, '')}-${crypto.randomBytes(3).toString('hex')}`;
    const [r] = await ctx.app.db.query<{ id: number }>(
      `insert into standards (standard_no, no_key, no_base, no_prefix, name_zh, level, status, publish_date, ccs_code, ics_code)
       values ($1, $2, $2, $3, $4, 'local', 'current', $5, $6, $7) returning id::int as id`,
      [no, key, prefix, name, publish, extra.ccs ?? null, extra.ics ?? null],
    );
    return { id: r!.id, key };
  }

  it('lists the new standards of a series, newest first, as valid Atom with titles escaped', async () => {
    const a = await standard('DB4420/T 901-2026', 'DB4420/T', '红木家具 & 古典 <家具> "质量" 要求', '2026-03-01', { ccs: 'Y81' });
    const b = await standard('DB4420/T 900-2025', 'DB4420/T', '灯饰照明 通用规范', '2025-06-01', { ics: '91.160.10' });
    await standard('GB/T 99901-2026', 'GB/T', '别的系列', '2026-05-01');

    const res = await get('/api/feeds/standards.atom?series=db4420/t');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    expect(res.body.startsWith('<?xml version="1.0" encoding="utf-8"?>')).toBe(true);
    // Markup in a title is text, never elements.
    expect(res.body).toContain('红木家具 &amp; 古典 &lt;家具&gt; &quot;质量&quot; 要求');
    const feed = parseFeed(res.body);
    expect(feed.title).toContain('DB4420/T');
    expect(feed.links).toContainEqual({ rel: 'self', href: `${ORIGIN}/api/feeds/standards.atom?series=db4420/t` });
    expect(feed.entries.map((e) => e.title)).toEqual([
      'DB4420/T 901-2026 红木家具 & 古典 <家具> "质量" 要求',
      'DB4420/T 900-2025 灯饰照明 通用规范',
    ]);
    expect(feed.entries[0]).toMatchObject({
      id: `${ORIGIN}/standard-detail?id=${a.id}`,
      link: `${ORIGIN}/standard-detail?id=${a.id}`,
    });
    expect(feed.entries[1]!.summary).toContain('发布日期：2025-06-01');
    expect(feed.entries[0]!.updated).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(feed.updated).toBe(
      feed.entries
        .map((e) => e.updated)
        .sort()
        .at(-1),
    );

    // By class: CCS and ICS take the code and everything under it.
    const byCcs = parseFeed((await get('/api/feeds/standards.atom?ccs=Y')).body);
    expect(byCcs.entries.map((e) => e.link)).toEqual([`${ORIGIN}/standard-detail?id=${a.id}`]);
    const byIcs = parseFeed((await get('/api/feeds/standards.atom?ics=91.160')).body);
    expect(byIcs.entries.map((e) => e.link)).toEqual([`${ORIGIN}/standard-detail?id=${b.id}`]);
    // Everything: the other series too.
    expect(parseFeed((await get('/api/feeds/standards.atom')).body).entries.map((e) => e.title)).toContain(
      'GB/T 99901-2026 别的系列',
    );
  });

  it('answers 304 to a matching If-None-Match, and a new ETag once the feed changes', async () => {
    await standard('DB4421/T 1-2026', 'DB4421/T', '缓存测试一', '2026-01-10');
    const first = await get('/api/feeds/standards.atom?series=DB4421/T');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=300');
    expect(new Date(first.headers['last-modified'] as string).getTime()).not.toBeNaN();

    const again = await get('/api/feeds/standards.atom?series=DB4421/T', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    // A list of tags, and the weak form of the same tag, match too; another tag does not.
    expect((await get('/api/feeds/standards.atom?series=DB4421/T', { 'if-none-match': `"x", W/${etag}` })).statusCode).toBe(304);
    expect((await get('/api/feeds/standards.atom?series=DB4421/T', { 'if-none-match': '"other"' })).statusCode).toBe(200);
    // Without If-None-Match, If-Modified-Since at the Last-Modified time is not modified.
    const since = first.headers['last-modified'] as string;
    expect((await get('/api/feeds/standards.atom?series=DB4421/T', { 'if-modified-since': since })).statusCode).toBe(304);

    await standard('DB4421/T 2-2026', 'DB4421/T', '缓存测试二', '2026-02-10');
    const changed = await get('/api/feeds/standards.atom?series=DB4421/T', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(parseFeed(changed.body).entries).toHaveLength(2);
  });

  it('lists status changes with the replacing standard linked to its record', async () => {
    const old = await standard('DB4422/T 5-2019', 'DB4422/T', '旧版标准 <A&B>', '2019-01-01');
    const successor = await standard('DB4422/T 5-2026', 'DB4422/T', '新版标准', '2026-01-01');
    const abolished = await standard('DB4422/T 6-2018', 'DB4422/T', '将废止的标准', '2018-01-01');
    const db = ctx.app.db;
    await db.query(
      `insert into standard_relations (standard_id, related_no_key, related_no, related_id, kind) values ($1, $2, $3, $4, 'replaces')`,
      [successor.id, old.key, 'DB4422/T 5-2019', old.id],
    );
    const change = async (id: number, from: string | null, to: string, at: string) =>
      db.query(
        `insert into standard_status_history (standard_id, old_status, new_status, changed_at, source) values ($1, $2, $3, $4, '测试')`,
        [id, from, to, at],
      );
    await change(successor.id, null, 'current', '2026-01-02T00:00:00Z'); // entering the catalogue is no change
    await change(old.id, 'current', 'replaced', '2026-01-03T00:00:00Z');
    await change(abolished.id, 'current', 'abolished', '2026-01-04T00:00:00Z');

    const res = await get('/api/feeds/status.atom?series=DB4422/T');
    expect(res.statusCode).toBe(200);
    const feed = parseFeed(res.body);
    expect(feed.entries.map((e) => e.title)).toEqual([
      'DB4422/T 6-2018 将废止的标准：现行 → 废止',
      'DB4422/T 5-2019 旧版标准 <A&B>：现行 → 被代替',
    ]);
    const replaced = feed.entries[1]!;
    expect(replaced.summary).toContain('代替标准：DB4422/T 5-2026《新版标准》');
    expect(replaced.summary).toContain(`${ORIGIN}/standard-detail?id=${successor.id}`);
    expect(replaced.link).toBe(`${ORIGIN}/standard-detail?id=${old.id}`);
    expect(new Set(feed.entries.map((e) => e.id)).size).toBe(2);
  });

  it('lists published news, newest first, drafts never', async () => {
    const db = ctx.app.db;
    const older = await insertItem(db, { section: 'news', title: '较早的资讯 & 通知', publishedAt: '2026-01-01T08:00:00+08:00' });
    const newer = await insertItem(db, { section: 'news', title: '最新的资讯', publishedAt: '2026-02-01T08:00:00+08:00' });
    await insertItem(db, { section: 'news', title: '草稿不进订阅', status: 'draft' });
    const feed = parseFeed((await get('/api/feeds/news.atom')).body);
    const titles = feed.entries.map((e) => e.title);
    expect(titles).toContain('较早的资讯 & 通知');
    expect(titles).not.toContain('草稿不进订阅');
    expect(titles.indexOf('最新的资讯')).toBeLessThan(titles.indexOf('较早的资讯 & 通知'));
    expect(feed.entries.find((e) => e.title === '最新的资讯')!.link).toBe(`${ORIGIN}/news-detail?id=${newer}`);
    expect(feed.entries.map((e) => e.link)).toContain(`${ORIGIN}/news-detail?id=${older}`);
  });

  it('a series nothing belongs to is an empty feed; bad parameters answer in Chinese, never 5xx', async () => {
    const empty = await get('/api/feeds/standards.atom?series=XYZ/T');
    expect(empty.statusCode).toBe(200);
    expect(parseFeed(empty.body).entries).toEqual([]);
    expect(parseFeed((await get('/api/feeds/status.atom?series=XYZ/T')).body).entries).toEqual([]);
    for (const [url, msg] of [
      ['/api/feeds/standards.atom?series=%3Cscript%3E', /标准系列格式不正确/],
      ['/api/feeds/standards.atom?series=123', /标准系列格式不正确/],
      ['/api/feeds/standards.atom?ccs=P3x', /CCS分类号格式不正确/],
      ['/api/feeds/standards.atom?ics=91.1', /ICS分类号格式不正确/],
      ['/api/feeds/status.atom?series=' + 'A'.repeat(30), /标准系列不能超过20个字符/],
    ] as const) {
      const res = await get(url);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.json(), url).toMatchObject({ code: 400, data: null });
      expect(res.json().msg, url).toMatch(msg);
    }
  });

  it('the pages that list standards and news announce their feeds in the head', async () => {
    const head = (html: string) => html.slice(0, html.indexOf('</head>'));
    const search = head((await get('/standard-search')).body);
    expect(search).toContain(
      `<link rel="alternate" type="application/atom+xml" title="新发布标准" href="${ORIGIN}/api/feeds/standards.atom" />`,
    );
    expect(search).toContain(`href="${ORIGIN}/api/feeds/status.atom"`);
    expect(head((await get('/standard-zhongshan')).body)).toContain(
      `href="${ORIGIN}/api/feeds/standards.atom?series=DB4420%2FT"`,
    );
    expect(head((await get('/news')).body)).toContain(`href="${ORIGIN}/api/feeds/news.atom"`);
    expect(head((await get('/privacy')).body)).not.toContain('application/atom+xml');
    // Crawlers may read the feeds though the rest of /api/ is closed; the mail-link pages stay closed.
    const robots = (await get('/robots.txt')).body.split('\n');
    expect(robots).toContain('Allow: /api/feeds/');
    expect(robots).toContain('Disallow: /api/');
    expect(robots).toContain('Disallow: /alerts-unsubscribe');
    expect(robots).toContain('Disallow: /email-verify');
  });
});
