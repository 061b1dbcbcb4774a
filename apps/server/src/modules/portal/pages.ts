import type { Database } from '../../db/client.ts';
import { notFound } from '../../lib/envelope.ts';
import { sanitizeHtml } from '../../lib/sanitize.ts';
import { currentPrivacyVersion } from '../site/index.ts';
import { PRIVACY_HTML, PRIVACY_TITLE } from './privacy.ts';

/** Built-in pages, served until an operator stores an edited version in site_pages. */
const DEFAULT_PAGES: Record<string, { title: string; bodyHtml: string }> = {
  privacy: { title: PRIVACY_TITLE, bodyHtml: PRIVACY_HTML },
};

export interface SitePage {
  slug: string;
  title: string;
  bodyHtml: string;
  updatedAt: string | null;
}

export async function sitePage(db: Database, slug: string): Promise<SitePage> {
  if (slug === 'privacy') {
    // A versioned policy from the console wins once its effective date has come.
    const v = await currentPrivacyVersion(db);
    if (v)
      return {
        slug,
        title: `${v.title}（${v.version}，自 ${v.effective_date} 起生效）`,
        bodyHtml: v.body_html,
        updatedAt: `${v.effective_date}T00:00:00.000Z`,
      };
  }
  const rows = await db.query<{ title: string; body_html: string; updated_at: Date | string }>(
    'select title, body_html, updated_at from site_pages where slug = $1',
    [slug],
  );
  const row = rows[0];
  if (row) return { slug, title: row.title, bodyHtml: row.body_html, updatedAt: new Date(row.updated_at).toISOString() };
  const builtIn = Object.hasOwn(DEFAULT_PAGES, slug) ? DEFAULT_PAGES[slug] : undefined;
  if (!builtIn) throw notFound('页面不存在');
  return { slug, title: builtIn.title, bodyHtml: sanitizeHtml(builtIn.bodyHtml), updatedAt: null };
}

/** Stores (or replaces) a page; the HTML is sanitised like every other stored body. */
export async function savePage(db: Database, slug: string, title: string, html: string): Promise<void> {
  await db.query(
    `insert into site_pages (slug, title, body_html) values ($1, $2, $3)
     on conflict (slug) do update set title = excluded.title, body_html = excluded.body_html, updated_at = now()`,
    [slug, title, sanitizeHtml(html)],
  );
}

export { DEFAULT_PAGES };
