import { PAGE_ROUTES, type PageRoute } from '@zs/shared/pages';
import type { PortalSection } from '@zs/shared';

/**
 * Which page routes are for everyone (docs/product.md §2, §6). A route is private when it needs a login for what it
 * shows (§6.2) and the spec does not let a visitor see that content anyway (§6.4), or when it is the console or
 * under a private parent. Private pages get their title and `noindex`, never content; robots.txt keeps crawlers out.
 */
const byPath = new Map(PAGE_ROUTES.map((r) => [r.path, r]));

/** The item each detail route shows: a content section (as the web's features/<domain>/lib/config.ts place them) or a standard. */
export type DetailKind = { kind: 'standard' } | { kind: 'item'; section: PortalSection };

/**
 * Detail routes whose content §6.4 lets a visitor read: standard data, lists, news, activities and the published
 * sections. /standard-detail and /activity-detail redirect a visitor to /home in the app (§6.2), but their data
 * is public through the API; the page text here is that data, nothing more (decisions/0078).
 */
export const DETAIL_ROUTES: Record<string, DetailKind> = {
  '/standard-detail': { kind: 'standard' },
  '/standard-zsDetail': { kind: 'standard' },
  '/standard-szDetail': { kind: 'standard' },
  '/news-detail': { kind: 'item', section: 'news' },
  '/standard-plus-detail': { kind: 'item', section: 'standard_plus' },
  '/service-detail': { kind: 'item', section: 'service' },
  '/talent-detail': { kind: 'item', section: 'talent' },
  '/result-detail': { kind: 'item', section: 'result' },
  '/standard-xsDetail': { kind: 'item', section: 'xiangshan_product' },
  '/activity-detail': { kind: 'item', section: 'activity' },
};

/** The one address of an item: standards under /standard-detail whichever list they were opened from. */
export function detailPathOf(kind: DetailKind): string {
  if (kind.kind === 'standard') return '/standard-detail';
  return Object.entries(DETAIL_ROUTES).find(([, k]) => k.kind === 'item' && k.section === kind.section)![0];
}

/** List pages that show the newest items of a section in their text (links for crawlers to follow). */
export const LIST_SECTIONS: Record<string, PortalSection> = {
  '/home': 'news',
  '/news': 'news',
  '/standard-plus': 'standard_plus',
  '/service-platform': 'service',
  '/talent-pool': 'talent',
  '/result-show': 'result',
  '/standard-xiangshan': 'xiangshan_product',
  '/activity': 'activity',
};

/** Sitemap parts for content (docs/decisions/0078): news alone, the other visitor-readable sections together. */
export const NEWS_SECTIONS: readonly PortalSection[] = ['news'];
export const OTHER_SECTIONS: readonly PortalSection[] = Object.values(DETAIL_ROUTES).flatMap((k) =>
  k.kind === 'item' && k.section !== 'news' ? [k.section] : [],
);

export function isConsole(route: PageRoute): boolean {
  return route.path === '/admin' || route.path.startsWith('/admin/');
}

export function isPrivate(route: PageRoute, depth = 0): boolean {
  if (isConsole(route)) return true;
  if (route.auth && !DETAIL_ROUTES[route.path]) return true;
  const parent = route.parent ? byPath.get(route.parent) : undefined;
  return !!parent && depth < 5 && isPrivate(parent, depth + 1);
}

const isDetail = (r: PageRoute) => /detail$/i.test(r.path);
/** Pages opened from a mail's link with a personal token (docs/alerts.md): not for search engines, not in the sitemap. */
export const TOKEN_PAGES: ReadonlySet<string> = new Set(['/email-verify', '/alerts-unsubscribe']);
/** Pages with no address of their own: the home page again (§2.2), the note after an application, the mail-link pages. */
const NOT_LANDING = new Set(['/patent-index', '/apply-success', ...TOKEN_PAGES]);

/** Public pages with an address of their own and no id: the sitemap's `pages` part and the crawler's navigation. */
export const LANDING_PAGES: readonly PageRoute[] = PAGE_ROUTES.filter(
  (r) => !isPrivate(r) && !isDetail(r) && !NOT_LANDING.has(r.path),
);

export { PAGE_ROUTES };
