import { describe, expect, it } from 'vitest';
import { breadcrumbFor, documentTitle, effectiveCheckIndex, findRoute, routeTable } from './routes.ts';
import { navItems, navLinks } from './nav.ts';
import { pageModules } from './router.tsx';

/** docs/product.md §2 route table, transcribed independently of routes.ts: [path, checkIndex, parent]. */
const SPEC: [string, number | null, string | null][] = [
  ['/home', 1, null],
  ['/standard-search', 2, null],
  ['/standard-detail', 2, '/standard-search'],
  ['/standard-zhongshan', 3, null],
  ['/standard-zsDetail', null, '/standard-zhongshan'],
  ['/standard-shenzhen', 4, null],
  ['/standard-szDetail', null, '/standard-shenzhen'],
  ['/standard-xiangshan', 3, null],
  ['/standard-demonstration', 3, null],
  ['/standard-system', 3, null],
  ['/standard-apply', 10, '/activity'],
  ['/apply-success', null, '/activity'],
  ['/standard-xsDetail', null, null],
  ['/training-material', 9, null],
  ['/training-detail', null, '/training-material'],
  ['/patent-index', null, null],
  ['/result-shenzhen', 4, null],
  ['/result-show', null, null],
  ['/result-detail', null, null],
  ['/service-platform', 5, null],
  ['/service-detail', null, '/service-platform'],
  ['/activity', 10, null],
  ['/activity-enterprise', null, null],
  ['/activity-standard', null, null],
  ['/activity-detail', null, null],
  ['/talent-pool', 7, null],
  ['/talent-detail', null, '/talent-pool'],
  ['/standard-plus', 6, null],
  ['/standard-plus-detail', null, null],
  ['/news', 8, null],
  ['/news-detail', null, null],
  ['/data-map', 11, null],
  ['/data-map-detail', null, null],
  ['/my-collection', null, null],
  ['/my-apply', null, null],
  ['/geographical-detail', null, '/my-apply'],
  ['/my-message', null, null],
  ['/message-detail', null, '/my-message'],
  ['/my-setting', null, null],
  ['/enterprise-auth', null, null],
  ['/privacy', null, null],
  // Beyond the spec's table: the pages the links in alert mails open (docs/alerts.md).
  ['/email-verify', null, null],
  ['/alerts-unsubscribe', null, null],
  // Drafts for public comment (decisions/0081).
  ['/consultation', null, null],
  ['/consultation-detail', null, '/consultation'],
  ['/my-consultation', null, null],
  // Questions to the office (decisions/0082).
  ['/interaction', null, null],
  ['/interaction-detail', null, '/interaction'],
  ['/my-question', null, null],
  // Watch lists (decisions/0085).
  ['/my-watch', null, null],
  // Product standards of a certified enterprise (decisions/0089).
  ['/my-product-standards', null, null],
];

const GUARDED = [
  '/my-collection',
  '/my-apply',
  '/standard-zsDetail',
  '/standard-szDetail',
  '/standard-detail',
  '/my-message',
  '/message-detail',
  '/my-setting',
  '/training-detail',
  '/enterprise-auth',
  '/activity-detail',
  '/standard-apply',
  '/my-consultation',
  '/my-question',
  '/my-watch',
  '/my-product-standards',
];

/** Operator console (docs/product.md §6), outside the spec's route table and the public navigation. */
const ADMIN = [
  '/admin',
  '/admin/certifications',
  '/admin/applications',
  '/admin/users',
  '/admin/missing-reports',
  '/admin/consultation',
  '/admin/consultation/edit',
  '/admin/consultation/comments',
  '/admin/interaction',
  '/admin/interaction/answer',
  '/admin/interaction/templates',
  '/admin/interaction/calendar',
  '/admin/audit-log',
  '/admin/alert-deliveries',
  '/admin/content',
  '/admin/content/:section',
  '/admin/content/:section/new',
  '/admin/content/:section/:id',
  '/admin/content/:section/:id/preview',
  '/admin/content/reviews',
  '/admin/standards',
  '/admin/standards/edit',
  '/admin/import',
  '/admin/settings',
  '/admin/health',
];

const NAV = [
  '/home',
  '/standard-search',
  '/standard-zhongshan',
  '/standard-xiangshan',
  '/standard-demonstration',
  '/standard-system',
  '/standard-shenzhen',
  '/result-shenzhen',
  '/service-platform',
  '/standard-plus',
  '/talent-pool',
  '/news',
  '/training-material',
  '/activity',
  '/activity-standard',
  '/activity-enterprise',
  '/data-map',
];

describe('route table (docs/product.md §2)', () => {
  it('holds exactly the spec routes, each once, plus the operator console', () => {
    expect(routeTable.map((r) => r.path).sort()).toEqual([...SPEC.map(([p]) => p), ...ADMIN].sort());
  });

  it('operator console routes have their own frame and no highlight', () => {
    for (const path of ADMIN) {
      expect(findRoute(path)).toMatchObject({ header: false, footer: false, breadcrumb: false });
      expect(effectiveCheckIndex(findRoute(path))).toBeUndefined();
    }
  });

  it.each(SPEC)('%s has the spec checkIndex and parent', (path, checkIndex, parent) => {
    const r = findRoute(path)!;
    expect(r.checkIndex ?? null).toBe(checkIndex);
    expect(r.parent ?? null).toBe(parent);
    expect(r.title.length).toBeGreaterThan(0);
  });

  it('guards exactly the docs/product.md §6 list', () => {
    expect(
      routeTable
        .filter((r) => r.auth)
        .map((r) => r.path)
        .sort(),
    ).toEqual([...GUARDED].sort());
  });

  it('titles: 标准检索 exactly, document title carries the site name', () => {
    expect(findRoute('/standard-search')!.title).toBe('标准检索');
    expect(documentTitle('标准检索')).toBe('标准检索 - 中山市标准信息公共服务平台');
  });

  it('/patent-index reuses the home page module', () => {
    expect(findRoute('/patent-index')!.page).toBe(findRoute('/home')!.page);
  });

  it('every page module exists for lazy loading', () => {
    for (const r of routeTable) expect(pageModules[`/${r.page}`], r.path).toBeTypeOf('function');
  });

  it('routes without their own checkIndex inherit the parent one', () => {
    expect(effectiveCheckIndex(findRoute('/standard-zsDetail'))).toBe(3);
    expect(effectiveCheckIndex(findRoute('/apply-success'))).toBe(10);
    expect(effectiveCheckIndex(findRoute('/training-detail'))).toBe(9);
    expect(effectiveCheckIndex(findRoute('/message-detail'))).toBeUndefined();
    expect(effectiveCheckIndex(findRoute('/news-detail'))).toBeUndefined();
  });

  it('breadcrumbs follow the parent chain', () => {
    expect(breadcrumbFor(findRoute('/standard-apply')!)).toEqual([
      { title: '首页', path: '/home' },
      { title: findRoute('/activity')!.title, path: '/activity' },
      { title: findRoute('/standard-apply')!.title, path: undefined },
    ]);
  });
});

describe('top navigation (docs/product.md §2)', () => {
  it('has the 17 spec links under 11 items in checkIndex order', () => {
    expect(
      navLinks()
        .map((l) => l.path)
        .sort(),
    ).toEqual([...NAV].sort());
    expect(navItems.map((i) => i.checkIndex)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });

  it('each link sits under the item its route highlights (when the route has an index)', () => {
    for (const item of navItems) {
      for (const link of item.children ?? [{ path: item.path! }]) {
        const idx = effectiveCheckIndex(findRoute(link.path));
        if (idx !== undefined) expect(idx, link.path).toBe(item.checkIndex);
      }
    }
  });
});
