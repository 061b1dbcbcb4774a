import { PAGE_ROUTES, TOKEN_PAGES, isConsole, isPrivate } from './pages.ts';

/** Where the Atom feeds live (modules/feeds). */
const FEEDS_PATH = '/api/feeds/';

/**
 * robots.txt: the console, the API and the login-only pages are closed to crawlers (they would only see a title);
 * everything else is open, and the sitemap is named with the address the crawler used (docs/decisions/0078).
 */
export function robotsTxt(origin: string): string {
  const closed = new Set<string>(['/admin', '/api/', ...TOKEN_PAGES]);
  for (const r of PAGE_ROUTES) if (isPrivate(r) && !isConsole(r)) closed.add(r.path);
  // The public Atom feeds (docs/alerts.md) are for anyone, crawlers included: the longer Allow wins over /api/.
  const lines = ['User-agent: *', `Allow: ${FEEDS_PATH}`, ...[...closed].map((p) => `Disallow: ${p}`)];
  return [...lines, '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}

export interface SecurityContact {
  email?: string;
  mobile?: string;
}

/** A telephone number as a tel: URI (RFC 3966), China's country code added to a domestic number. */
export function telUri(number: string): string | null {
  const digits = number.replace(/[^\d+]/g, '');
  if (!/^\+?\d{5,15}$/.test(digits)) return null;
  if (digits.startsWith('+')) return `tel:${digits}`;
  return `tel:+86${digits.replace(/^0/, '')}`;
}

/**
 * /.well-known/security.txt (RFC 9116): where to report a vulnerability. The contacts are the site settings'
 * (the footer contacts that are not 示例, then the hotline); without one there is no file (404), since a
 * security.txt without Contact is invalid. Expires a year from now at most, as the RFC asks.
 */
export function securityTxt(origin: string, contacts: SecurityContact[], hotline: string, now: Date): string | null {
  const uris = new Set<string>();
  for (const c of contacts) {
    if (c.email) uris.add(`mailto:${c.email}`);
    const tel = c.mobile ? telUri(c.mobile) : null;
    if (tel) uris.add(tel);
  }
  const hot = hotline ? telUri(hotline) : null;
  if (hot) uris.add(hot);
  if (!uris.size) return null;
  // 180 days from the start of today (UTC): the same answer all day, well inside the RFC's one-year limit.
  const expires = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 180));
  return [
    ...[...uris].map((u) => `Contact: ${u}`),
    `Expires: ${expires.toISOString()}`,
    'Preferred-Languages: zh, en',
    `Canonical: ${origin}/.well-known/security.txt`,
    '',
  ].join('\n');
}
