import { PAGE_ROUTES, type PageRoute } from '@zs/shared/pages';

export { SITE_NAME, documentTitle } from '@zs/shared/pages';

/**
 * The one route table (docs/product.md §2): the paths and titles of @zs/shared/pages (the server's page heads read
 * the same list) with the page module of each. Pure data so that the build size report and the tests can read it.
 * `page` is the page module path as Vite's manifest names it; router.tsx lazy-loads it.
 */
export interface RouteDef extends PageRoute {
  page: string;
}

/** What each router entry carries, read by the layout (title, breadcrumb); declared here so the layout need not import the router. */
export interface RouteHandle {
  route?: RouteDef;
}

const HOME = 'src/features/home/routes/HomePage.tsx';
export const NOT_FOUND_PAGE = 'src/app/NotFoundPage.tsx';

const f = (feature: string, page: string) => `src/features/${feature}/routes/${page}.tsx`;
const STANDARD_DETAIL = f('standards', 'StandardDetailPage');

/** Page module per path; /admin/content/home (首页推荐) and /admin/content/categories are views of the list route (decision 0060). */
const PAGES: Record<string, string> = {
  '/home': HOME,
  '/standard-search': f('standards', 'StandardSearchPage'),
  '/standard-detail': STANDARD_DETAIL,
  '/standard-zhongshan': f('standards', 'ZhongshanPage'),
  '/standard-zsDetail': STANDARD_DETAIL,
  '/standard-shenzhen': f('standards', 'ShenzhenPage'),
  '/standard-szDetail': STANDARD_DETAIL,
  '/standard-xiangshan': f('xiangshan', 'XiangshanPage'),
  '/standard-demonstration': f('portal', 'DemonstrationPage'),
  '/standard-system': f('portal', 'StandardSystemPage'),
  '/standard-apply': f('apply', 'ApplyPage'),
  '/apply-success': f('apply', 'ApplySuccessPage'),
  '/standard-xsDetail': f('xiangshan', 'XiangshanDetailPage'),
  '/training-material': f('training', 'TrainingListPage'),
  '/training-detail': f('training', 'TrainingDetailPage'),
  '/patent-index': HOME,
  '/result-shenzhen': f('results', 'ResultShenzhenPage'),
  '/result-show': f('results', 'ResultShowPage'),
  '/result-detail': f('results', 'ResultDetailPage'),
  '/service-platform': f('services', 'ServiceListPage'),
  '/service-detail': f('services', 'ServiceDetailPage'),
  '/activity': f('activity', 'ActivityListPage'),
  '/activity-enterprise': f('activity', 'ActivityEnterprisePage'),
  '/activity-standard': f('activity', 'ActivityStandardPage'),
  '/activity-detail': f('activity', 'ActivityDetailPage'),
  '/talent-pool': f('talent', 'TalentListPage'),
  '/talent-detail': f('talent', 'TalentDetailPage'),
  '/standard-plus': f('portal', 'StandardPlusListPage'),
  '/standard-plus-detail': f('portal', 'StandardPlusDetailPage'),
  '/news': f('news', 'NewsListPage'),
  '/news-detail': f('news', 'NewsDetailPage'),
  '/consultation': f('consultation', 'ConsultationListPage'),
  '/consultation-detail': f('consultation', 'ConsultationDetailPage'),
  '/interaction': f('interaction', 'InteractionListPage'),
  '/interaction-detail': f('interaction', 'InteractionDetailPage'),
  '/data-map': f('datamap', 'DataMapPage'),
  '/data-map-detail': f('datamap', 'DataMapDetailPage'),
  '/my-collection': f('usercentre', 'MyCollectionPage'),
  '/my-apply': f('usercentre', 'MyApplyPage'),
  '/geographical-detail': f('usercentre', 'ApplyDetailPage'),
  '/my-message': f('usercentre', 'MyMessagePage'),
  '/message-detail': f('usercentre', 'MessageDetailPage'),
  '/my-setting': f('usercentre', 'MySettingPage'),
  '/enterprise-auth': f('usercentre', 'EnterpriseAuthPage'),
  '/my-question': f('usercentre', 'MyQuestionPage'),
  '/my-consultation': f('usercentre', 'MyConsultationPage'),
  '/my-watch': f('usercentre', 'MyWatchPage'),
  '/my-product-standards': f('usercentre', 'MyProductStandardsPage'),
  '/email-verify': f('usercentre', 'EmailVerifyPage'),
  '/alerts-unsubscribe': f('usercentre', 'AlertUnsubscribePage'),
  '/admin': f('admin-ops', 'AdminHomePage'),
  '/admin/certifications': f('admin-review', 'AdminCertificationsPage'),
  '/admin/applications': f('admin-review', 'AdminApplicationsPage'),
  '/admin/users': f('admin-users', 'AdminUsersPage'),
  '/admin/missing-reports': f('admin-review', 'AdminMissingReportsPage'),
  '/admin/consultation': f('consultation', 'AdminDraftsPage'),
  '/admin/consultation/edit': f('consultation', 'AdminDraftEditPage'),
  '/admin/consultation/comments': f('consultation', 'AdminCommentsPage'),
  '/admin/interaction': f('interaction', 'AdminQuestionsPage'),
  '/admin/interaction/answer': f('interaction', 'AdminQuestionPage'),
  '/admin/interaction/templates': f('interaction', 'AdminTemplatesPage'),
  '/admin/interaction/calendar': f('interaction', 'AdminCalendarPage'),
  '/admin/audit-log': f('admin-users', 'AdminAuditLogPage'),
  '/admin/alert-deliveries': f('admin-users', 'AdminAlertDeliveriesPage'),
  '/admin/standards': f('admin-standards', 'AdminStandardsPage'),
  '/admin/standards/edit': f('admin-standards', 'AdminStandardEditPage'),
  '/admin/import': f('admin-standards', 'AdminImportPage'),
  '/admin/settings': f('admin-ops', 'AdminSettingsPage'),
  '/admin/health': f('admin-ops', 'AdminHealthPage'),
  '/admin/content': f('admin-content', 'ContentListPage'),
  '/admin/content/:section': f('admin-content', 'ContentListPage'),
  '/admin/content/:section/new': f('admin-content', 'ContentEditorPage'),
  '/admin/content/:section/:id': f('admin-content', 'ContentEditorPage'),
  '/admin/content/:section/:id/preview': f('admin-content', 'ContentPreviewPage'),
  '/admin/content/reviews': f('admin-content', 'ContentReviewsPage'),
  '/privacy': f('privacy', 'PrivacyPage'),
};

export const routeTable: RouteDef[] = PAGE_ROUTES.map((r) => {
  const page = PAGES[r.path];
  if (!page) throw new Error(`页面模块未登记: ${r.path}`);
  return { ...r, page };
});

const byPath = new Map(routeTable.map((r) => [r.path, r]));

export function findRoute(path: string): RouteDef | undefined {
  return byPath.get(path);
}

/** Highlight index: the route's own, else the nearest parent's (docs/decisions/0002). */
export function effectiveCheckIndex(route: RouteDef | undefined): number | undefined {
  let r = route;
  for (let depth = 0; r && depth < 5; depth++) {
    if (r.checkIndex) return r.checkIndex;
    r = r.parent ? byPath.get(r.parent) : undefined;
  }
  return undefined;
}

/** Breadcrumb chain from 首页 through the parents to the route itself. */
export function breadcrumbFor(route: RouteDef): { title: string; path?: string }[] {
  const chain: RouteDef[] = [];
  let r: RouteDef | undefined = route;
  while (r && chain.length < 5) {
    chain.unshift(r);
    r = r.parent ? byPath.get(r.parent) : undefined;
  }
  const crumbs = chain.map((c, i) => ({ title: c.title, path: i === chain.length - 1 ? undefined : c.path }));
  return route.path === '/home' ? crumbs : [{ title: '首页', path: '/home' }, ...crumbs];
}
