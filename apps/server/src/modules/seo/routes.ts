import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Code } from '@zs/shared';
import { documentTitle, SITE_DESCRIPTION, type PageRoute } from '@zs/shared/pages';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/envelope.ts';
import { escapeHtml, notFoundHead, notFoundMain, readPageTemplate, renderPage, type PageHead } from '../../lib/html-page.ts';
import { emptySectionPages, getItem, listItems, SECTIONS, toSummary, withCategoryNames } from '../portal/index.ts';
import { footerContacts, hideEmptySections, siteInfo } from '../site/index.ts';
import { standardDetail } from '../standards/index.ts';
import { DETAIL_ROUTES, detailPathOf, isPrivate, LANDING_PAGES, LIST_SECTIONS, PAGE_ROUTES, TOKEN_PAGES } from './pages.ts';
import { itemDescription, itemMain, landingMain, navHtml, standardDescription, standardMain, standardTitle } from './render.ts';
import { KINDS, SitemapCache, type Kind } from './sitemap.ts';
import { robotsTxt, securityTxt } from './well-known.ts';
import { FEED_LINKS } from './feed-links.ts';

interface Page {
  status: 200 | 404;
  head: PageHead;
  main: string;
}

const byPath = new Map(PAGE_ROUTES.map((r) => [r.path, r]));
const HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/** The address the visitor used (X-Forwarded-* only behind TRUST_PROXY); a malformed Host falls back to the loopback. */
function originOf(req: FastifyRequest): string {
  return `${req.protocol}://${HOST.test(req.host) ? req.host : '127.0.0.1'}`;
}

function notFoundPage(): Page {
  return { status: 404, head: notFoundHead(), main: notFoundMain() };
}

/** A database id as the web's pages accept it, or null (then the page is a 404). */
function idOf(query: unknown, digits: number): number | null {
  const id = (query as Record<string, unknown> | undefined)?.id;
  return typeof id === 'string' && new RegExp(`^\\d{1,${digits}}$`).test(id) && Number(id) > 0 ? Number(id) : null;
}

async function standardPage(db: Database, route: PageRoute, id: number | null, origin: string): Promise<Page> {
  if (id === null) return notFoundPage();
  let d;
  try {
    d = await standardDetail(db, String(id));
  } catch (err) {
    if (err instanceof AppError && err.code === Code.NOT_FOUND) return notFoundPage();
    throw err;
  }
  const list = route.parent ? byPath.get(route.parent) : undefined;
  return {
    status: 200,
    head: {
      title: documentTitle(standardTitle(d)),
      description: standardDescription(d),
      canonical: `${origin}/standard-detail?id=${d.id}`,
      ogType: 'article',
    },
    main: standardMain(d, list?.path ?? '/standard-search', list?.title ?? '标准检索'),
  };
}

async function itemPage(db: Database, route: PageRoute, section: keyof typeof SECTIONS, id: number | null, origin: string) {
  const def = SECTIONS[section];
  const row = id === null ? null : await getItem(db, def, id);
  if (!row) return notFoundPage();
  const [summary] = await withCategoryNames(db, [toSummary(row)]);
  const item = { ...row, categoryName: summary!.categoryName };
  const list = route.parent
    ? byPath.get(route.parent)
    : LANDING_PAGES.find((p) => LIST_SECTIONS[p.path] === section && p.path !== '/home');
  return {
    status: 200 as const,
    head: {
      title: documentTitle(item.title),
      description: itemDescription(item, def.name),
      canonical: `${origin}${route.path}?id=${item.id}`,
      ogType: 'article' as const,
    },
    main: itemMain(item, def.name, route.path, list),
  };
}

async function landingPage(db: Database, route: PageRoute, origin: string, canonicalPath: string): Promise<Page> {
  const description = route.description ?? SITE_DESCRIPTION;
  const section = LIST_SECTIONS[route.path];
  const items = section ? (await listItems(db, SECTIONS[section], { filters: [], page: 1, size: 20 })).list : [];
  return {
    status: 200,
    head: { title: documentTitle(route.title), description, canonical: origin + canonicalPath },
    main: landingMain(route, description, items, section ? detailPathOf({ kind: 'item', section }) : null),
  };
}

export async function pageFor(db: Database, route: PageRoute, query: unknown, origin: string): Promise<Page> {
  if (isPrivate(route)) return titleOnly(route, true);
  const detail = DETAIL_ROUTES[route.path];
  // A detail address without any id names no item, unknown or not: the page the app shows (未指定) with noindex.
  if (detail && (query as Record<string, unknown> | undefined)?.id === undefined) return titleOnly(route, true);
  if (detail?.kind === 'standard') return standardPage(db, route, idOf(query, 15), origin);
  if (detail?.kind === 'item') return itemPage(db, route, detail.section, idOf(query, 9), origin);
  if (route.path === '/patent-index') return landingPage(db, route, origin, '/home');
  if (LANDING_PAGES.includes(route)) return landingPage(db, route, origin, route.path);
  // Pages without an address of their own (a town's map detail, the note after applying): title and description only.
  return titleOnly(route, TOKEN_PAGES.has(route.path));
}

/** The route's title and description, no content; `noindex` for pages not meant for search engines. */
function titleOnly(route: PageRoute, noindex: boolean): Page {
  return {
    status: 200,
    head: { title: documentTitle(route.title), description: route.description ?? SITE_DESCRIPTION, noindex },
    main: `<main><h1>${escapeHtml(route.title)}</h1></main>`,
  };
}

function sendHtml(reply: FastifyReply, status: number, html: string) {
  return reply.status(status).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
}

/**
 * The page routes with their own head and main text, the sitemap, robots.txt and security.txt
 * (docs/product.md §13, docs/decisions/0078). The app's assets and icons stay with plugins/web.ts.
 */
export default fp(
  async function seoRoutes(app: FastifyInstance) {
    const dist = app.config.webDist;
    const fullNav = navHtml(LANDING_PAGES);
    // 隐藏空栏目 (decisions/0088): a crawler's links leave out the sections the app's navigation hides.
    const navFor = async () => {
      if (!(await hideEmptySections(app.db))) return fullNav;
      const empty = new Set((await emptySectionPages(app.db)).map((p) => p.path));
      return navHtml(LANDING_PAGES.filter((p) => !empty.has(p.path)));
    };
    const sitemaps = new SitemapCache();
    const page = async (req: FastifyRequest, reply: FastifyReply, route: PageRoute) => {
      const p = await pageFor(app.db, route, req.query, originOf(req));
      const feeds = p.status === 200 ? FEED_LINKS[route.path] : undefined;
      const head = feeds ? { ...p.head, feeds: feeds.map((f) => ({ ...f, href: originOf(req) + f.href })) } : p.head;
      return sendHtml(reply, p.status, renderPage(readPageTemplate(dist), head, p.main + (await navFor())));
    };

    for (const route of PAGE_ROUTES) {
      app.get(route.path, { schema: { hide: true } }, (req, reply) => page(req, reply, route));
    }
    // `/` is the home page (the app redirects it to /home, docs/product.md §2.2); /home is its one address.
    app.get('/', { schema: { hide: true } }, (req, reply) => page(req, reply, byPath.get('/home')!));

    app.get('/robots.txt', { schema: { hide: true } }, (req, reply) =>
      reply
        .header('cache-control', 'public, max-age=3600')
        .type('text/plain; charset=utf-8')
        .send(robotsTxt(originOf(req))),
    );
    app.get('/sitemap.xml', { schema: { hide: true } }, async (req, reply) => {
      const xml = await sitemaps.index(app.db, originOf(req));
      return reply.header('cache-control', 'public, max-age=600').type('application/xml; charset=utf-8').send(xml);
    });
    app.get<{ Params: { part: string } }>('/sitemap-:part', { schema: { hide: true } }, async (req, reply) => {
      const m = /^([a-z]+)-(\d{1,6})\.xml$/.exec(req.params.part);
      const kind = m && (KINDS as readonly string[]).includes(m[1]!) ? (m[1] as Kind) : null;
      const xml = kind ? await sitemaps.part(app.db, originOf(req), kind, Number(m![2])) : null;
      if (xml === null) return reply.status(404).type('text/plain; charset=utf-8').send('Not Found');
      return reply.header('cache-control', 'public, max-age=600').type('application/xml; charset=utf-8').send(xml);
    });
    app.get('/.well-known/security.txt', { schema: { hide: true } }, async (req, reply) => {
      const [contacts, info] = await Promise.all([footerContacts(app.db), siteInfo(app.db)]);
      const real = contacts.filter((c) => !c.demo);
      const text = securityTxt(originOf(req), real, info.hotline, new Date());
      if (text === null) return reply.status(404).type('text/plain; charset=utf-8').send('Not Found');
      return reply.header('cache-control', 'public, max-age=3600').type('text/plain; charset=utf-8').send(text);
    });
  },
  { name: 'seo', dependencies: ['db', 'config'] },
);
