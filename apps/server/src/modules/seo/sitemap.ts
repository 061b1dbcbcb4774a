import type { Database } from '../../db/client.ts';
import { escapeHtml } from '../../lib/html-page.ts';
import { publishedSitemapRows, publishedStamp } from '../portal/index.ts';
import { countStandards, readCatalogueVersion, standardSitemapRows } from '../standards/index.ts';
import { detailPathOf, LANDING_PAGES, NEWS_SECTIONS, OTHER_SECTIONS } from './pages.ts';

/**
 * The sitemap (sitemaps.org protocol 0.9, docs/decisions/0078): an index at /sitemap.xml and parts at the site's
 * root (a sitemap may only list addresses under its own folder), each at most 50,000 addresses. Built from the
 * database and kept for 10 minutes, under a key that changes with the catalogue version and the published items,
 * so an edit shows at the next request.
 */
export const PART_SIZE = 50_000;
const TTL_MS = 10 * 60_000;
/** Parts are kept per origin and content state; a few entries cover one site (one part of 50,000 is about 4 MB). */
const MAX_ENTRIES = 8;

export const KINDS = ['pages', 'news', 'sections', 'standards'] as const;
export type Kind = (typeof KINDS)[number];

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';

interface Entry {
  loc: string;
  lastmod?: string | null;
}

export function urlsetXml(entries: Entry[]): string {
  const urls = entries.map(
    (u) => `<url><loc>${escapeHtml(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ''}</url>`,
  );
  return `${XML_HEAD}<urlset xmlns="${NS}">\n${urls.join('\n')}\n</urlset>\n`;
}

export function indexXml(entries: Entry[]): string {
  const maps = entries.map(
    (s) => `<sitemap><loc>${escapeHtml(s.loc)}</loc>${s.lastmod ? `<lastmod>${s.lastmod}</lastmod>` : ''}</sitemap>`,
  );
  return `${XML_HEAD}<sitemapindex xmlns="${NS}">\n${maps.join('\n')}\n</sitemapindex>\n`;
}

/** How many parts `count` addresses take: at least one for the pages, none for an empty content kind. */
export function partsOf(kind: Kind, count: number, size = PART_SIZE): number {
  return kind === 'pages' ? Math.max(1, Math.ceil(count / size)) : Math.ceil(count / size);
}

interface State {
  key: string;
  counts: Record<Kind, number>;
  last: Partial<Record<Kind, string | null>>;
}

/** The catalogue's size, counted again only when its version moves (a count of a million rows is not free). */
type CountMemo = { version: number; n: number };

async function stateOf(db: Database, memo: { standards?: CountMemo }): Promise<State> {
  const [version, news, sections] = await Promise.all([
    readCatalogueVersion(db),
    publishedStamp(db, NEWS_SECTIONS),
    publishedStamp(db, OTHER_SECTIONS),
  ]);
  if (memo.standards?.version !== version) memo.standards = { version, n: await countStandards(db) };
  const standards = memo.standards.n;
  return {
    key: `${version}|${standards}|${news.n}|${news.last}|${sections.n}|${sections.last}`,
    counts: { pages: LANDING_PAGES.length, news: news.n, sections: sections.n, standards },
    last: { news: news.last, sections: sections.last },
  };
}

async function partEntries(db: Database, origin: string, kind: Kind, part: number, size: number): Promise<Entry[]> {
  const offset = (part - 1) * size;
  if (kind === 'pages') return LANDING_PAGES.slice(offset, offset + size).map((p) => ({ loc: origin + p.path }));
  if (kind === 'standards') {
    const rows = await standardSitemapRows(db, offset, size);
    return rows.map((r) => ({ loc: `${origin}/standard-detail?id=${r.id}`, lastmod: r.lastmod }));
  }
  const rows = await publishedSitemapRows(db, kind === 'news' ? NEWS_SECTIONS : OTHER_SECTIONS, offset, size);
  return rows.map((r) => ({
    loc: `${origin}${detailPathOf({ kind: 'item', section: r.section })}?id=${r.id}`,
    lastmod: r.lastmod,
  }));
}

export class SitemapCache {
  private readonly entries = new Map<string, { xml: string; at: number }>();
  private readonly memo: { standards?: CountMemo } = {};

  /** `partSize` is the protocol's limit; a test passes a small one to see the parts split. */
  constructor(
    private readonly partSize = PART_SIZE,
    private readonly now: () => number = Date.now,
  ) {}

  private async cached(key: string, build: () => Promise<string | null>): Promise<string | null> {
    const hit = this.entries.get(key);
    if (hit && this.now() - hit.at < TTL_MS) return hit.xml;
    const xml = await build();
    if (xml === null) return null;
    this.entries.delete(key);
    this.entries.set(key, { xml, at: this.now() });
    while (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    return xml;
  }

  /** The index: one entry per part, with the newest change among the part's kind where one is known. */
  async index(db: Database, origin: string): Promise<string> {
    const state = await stateOf(db, this.memo);
    const xml = await this.cached(`${origin}|index|${state.key}`, async () => {
      const parts: Entry[] = [];
      for (const kind of KINDS) {
        for (let n = 1; n <= partsOf(kind, state.counts[kind], this.partSize); n++) {
          parts.push({ loc: `${origin}/sitemap-${kind}-${n}.xml`, lastmod: state.last[kind] ?? null });
        }
      }
      return indexXml(parts);
    });
    return xml!;
  }

  /** One part, or null for a part that does not exist. */
  async part(db: Database, origin: string, kind: Kind, n: number): Promise<string | null> {
    const state = await stateOf(db, this.memo);
    if (n < 1 || n > partsOf(kind, state.counts[kind], this.partSize)) return null;
    return this.cached(`${origin}|${kind}-${n}|${state.key}`, async () =>
      urlsetXml(await partEntries(db, origin, kind, n, this.partSize)),
    );
  }
}
