/**
 * The one route table (docs/product.md §2). Pure data so that the build size report and the tests can read it.
 * `page` is the page module path as Vite's manifest names it; router.tsx lazy-loads it.
 * checkIndex: the spec's value; routes without one inherit their parent's (docs/decisions/0002).
 */
export interface RouteDef {
  path: string;
  title: string;
  checkIndex?: number;
  parent?: string;
  /** Guarded by docs/product.md §6: without a token the route redirects to /home. */
  auth?: boolean;
  header?: boolean;
  footer?: boolean;
  /** Breadcrumb bar above the page (off for the landing pages). */
  breadcrumb?: boolean;
  page: string;
}

/** What each router entry carries, read by the layout (title, breadcrumb); declared here so the layout need not import the router. */
export interface RouteHandle {
  route?: RouteDef;
}

export const SITE_NAME = '中山市标准信息公共服务平台';

const HOME = 'src/features/home/routes/HomePage.tsx';
export const NOT_FOUND_PAGE = 'src/app/NotFoundPage.tsx';

export const routeTable: RouteDef[] = [
  { path: '/home', title: '首页', checkIndex: 1, breadcrumb: false, page: HOME },
  { path: '/standard-search', title: '标准检索', checkIndex: 2, page: 'src/features/standards/routes/StandardSearchPage.tsx' },
  {
    path: '/standard-detail',
    title: '标准详情',
    checkIndex: 2,
    parent: '/standard-search',
    auth: true,
    page: 'src/features/standards/routes/StandardDetailPage.tsx',
  },
  { path: '/standard-zhongshan', title: '中山标准', checkIndex: 3, page: 'src/features/standards/routes/ZhongshanPage.tsx' },
  {
    path: '/standard-zsDetail',
    title: '中山标准详情',
    parent: '/standard-zhongshan',
    auth: true,
    page: 'src/features/standards/routes/StandardDetailPage.tsx',
  },
  { path: '/standard-shenzhen', title: '深圳标准', checkIndex: 4, page: 'src/features/standards/routes/ShenzhenPage.tsx' },
  {
    path: '/standard-szDetail',
    title: '深圳标准详情',
    parent: '/standard-shenzhen',
    auth: true,
    page: 'src/features/standards/routes/StandardDetailPage.tsx',
  },
  { path: '/standard-xiangshan', title: '香山之品', checkIndex: 3, page: 'src/features/xiangshan/routes/XiangshanPage.tsx' },
  {
    path: '/standard-demonstration',
    title: '标准化示范',
    checkIndex: 3,
    page: 'src/features/portal/routes/DemonstrationPage.tsx',
  },
  { path: '/standard-system', title: '标准体系', checkIndex: 3, page: 'src/features/portal/routes/StandardSystemPage.tsx' },
  {
    path: '/standard-apply',
    title: '香山之品申请',
    checkIndex: 10,
    parent: '/activity',
    auth: true,
    page: 'src/features/apply/routes/ApplyPage.tsx',
  },
  { path: '/apply-success', title: '申请成功', parent: '/activity', page: 'src/features/apply/routes/ApplySuccessPage.tsx' },
  { path: '/standard-xsDetail', title: '香山之品详情', page: 'src/features/xiangshan/routes/XiangshanDetailPage.tsx' },
  { path: '/training-material', title: '培训资料', checkIndex: 9, page: 'src/features/training/routes/TrainingListPage.tsx' },
  {
    path: '/training-detail',
    title: '培训详情',
    parent: '/training-material',
    auth: true,
    page: 'src/features/training/routes/TrainingDetailPage.tsx',
  },
  { path: '/patent-index', title: '首页', breadcrumb: false, page: HOME },
  {
    path: '/result-shenzhen',
    title: '深圳标准认证结果',
    checkIndex: 4,
    page: 'src/features/results/routes/ResultShenzhenPage.tsx',
  },
  { path: '/result-show', title: '成果展示', page: 'src/features/results/routes/ResultShowPage.tsx' },
  { path: '/result-detail', title: '成果详情', page: 'src/features/results/routes/ResultDetailPage.tsx' },
  { path: '/service-platform', title: '标准化服务', checkIndex: 5, page: 'src/features/services/routes/ServiceListPage.tsx' },
  {
    path: '/service-detail',
    title: '服务详情',
    parent: '/service-platform',
    page: 'src/features/services/routes/ServiceDetailPage.tsx',
  },
  { path: '/activity', title: '活动中心', checkIndex: 10, page: 'src/features/activity/routes/ActivityListPage.tsx' },
  { path: '/activity-enterprise', title: '企业活动', page: 'src/features/activity/routes/ActivityEnterprisePage.tsx' },
  { path: '/activity-standard', title: '标准活动', page: 'src/features/activity/routes/ActivityStandardPage.tsx' },
  { path: '/activity-detail', title: '活动详情', auth: true, page: 'src/features/activity/routes/ActivityDetailPage.tsx' },
  { path: '/talent-pool', title: '人才库', checkIndex: 7, page: 'src/features/talent/routes/TalentListPage.tsx' },
  { path: '/talent-detail', title: '人才详情', parent: '/talent-pool', page: 'src/features/talent/routes/TalentDetailPage.tsx' },
  { path: '/standard-plus', title: '标准+', checkIndex: 6, page: 'src/features/portal/routes/StandardPlusListPage.tsx' },
  { path: '/standard-plus-detail', title: '标准+详情', page: 'src/features/portal/routes/StandardPlusDetailPage.tsx' },
  { path: '/news', title: '政策资讯', checkIndex: 8, page: 'src/features/news/routes/NewsListPage.tsx' },
  { path: '/news-detail', title: '资讯详情', page: 'src/features/news/routes/NewsDetailPage.tsx' },
  { path: '/data-map', title: '数据地图', checkIndex: 11, page: 'src/features/datamap/routes/DataMapPage.tsx' },
  { path: '/data-map-detail', title: '数据地图详情', page: 'src/features/datamap/routes/DataMapDetailPage.tsx' },
  { path: '/my-collection', title: '我的收藏', auth: true, page: 'src/features/usercentre/routes/MyCollectionPage.tsx' },
  { path: '/my-apply', title: '我的申请', auth: true, page: 'src/features/usercentre/routes/MyApplyPage.tsx' },
  {
    path: '/geographical-detail',
    title: '申请详情',
    parent: '/my-apply',
    page: 'src/features/usercentre/routes/ApplyDetailPage.tsx',
  },
  { path: '/my-message', title: '我的消息', auth: true, page: 'src/features/usercentre/routes/MyMessagePage.tsx' },
  {
    path: '/message-detail',
    title: '消息详情',
    parent: '/my-message',
    auth: true,
    page: 'src/features/usercentre/routes/MessageDetailPage.tsx',
  },
  { path: '/my-setting', title: '账号设置', auth: true, page: 'src/features/usercentre/routes/MySettingPage.tsx' },
  { path: '/enterprise-auth', title: '企业认证', auth: true, page: 'src/features/usercentre/routes/EnterpriseAuthPage.tsx' },
  // Operator console (docs/product.md §6): own frame, not in the public navigation. Not in the docs/product.md §6 guard list:
  // its pages check token and role themselves and show 无权访问 otherwise.
  {
    path: '/admin',
    title: '运营后台',
    header: false,
    footer: false,
    breadcrumb: false,
    page: 'src/features/admin-ops/routes/AdminHomePage.tsx',
  },
  {
    path: '/admin/certifications',
    title: '企业认证审核',
    header: false,
    footer: false,
    breadcrumb: false,
    page: 'src/features/admin-review/routes/AdminCertificationsPage.tsx',
  },
  {
    path: '/admin/applications',
    title: '申请审核',
    header: false,
    footer: false,
    breadcrumb: false,
    page: 'src/features/admin-review/routes/AdminApplicationsPage.tsx',
  },
  {
    path: '/admin/users',
    title: '用户管理',
    header: false,
    footer: false,
    breadcrumb: false,
    page: 'src/features/admin-users/routes/AdminUsersPage.tsx',
  },
  {
    path: '/admin/missing-reports',
    title: '缺失标准反馈',
    header: false,
    footer: false,
    breadcrumb: false,
    page: 'src/features/admin-review/routes/AdminMissingReportsPage.tsx',
  },
  {
    path: '/admin/audit-log',
    title: '审计日志',
    header: false,
    footer: false,
    breadcrumb: false,
    page: 'src/features/admin-users/routes/AdminAuditLogPage.tsx',
  },
  {
    path: '/admin/standards',
    title: '标准库管理',
    header: false,
    footer: false,
    breadcrumb: false,
    page: 'src/features/admin-standards/routes/AdminStandardsPage.tsx',
  },
  {
    path: '/admin/standards/edit',
    title: '编辑标准',
    header: false,
    footer: false,
    breadcrumb: false,
    page: 'src/features/admin-standards/routes/AdminStandardEditPage.tsx',
  },
  {
    path: '/admin/import',
    title: '标准数据导入',
    header: false,
    footer: false,
    breadcrumb: false,
    page: 'src/features/admin-standards/routes/AdminImportPage.tsx',
  },
  {
    path: '/admin/settings',
    title: '站点设置',
    header: false,
    footer: false,
    breadcrumb: false,
    page: 'src/features/admin-ops/routes/AdminSettingsPage.tsx',
  },
  {
    path: '/admin/health',
    title: '网站检查',
    header: false,
    footer: false,
    breadcrumb: false,
    page: 'src/features/admin-ops/routes/AdminHealthPage.tsx',
  },
  // Content console (docs/decisions/0050): one list and one editor page, configured per section.
  // /admin/content/home (首页推荐) and /admin/content/categories (香山之品类别) are views of the list route
  // (decision 0060): every route entry adds to the initial JS of every public page.
  ...(
    [
      ['/admin/content', '内容管理', 'ContentListPage'],
      ['/admin/content/:section', '内容管理', 'ContentListPage'],
      ['/admin/content/:section/new', '新建内容', 'ContentEditorPage'],
      ['/admin/content/:section/:id', '编辑内容', 'ContentEditorPage'],
      ['/admin/content/:section/:id/preview', '内容预览', 'ContentPreviewPage'],
      ['/admin/content/reviews', '发布审核', 'ContentReviewsPage'],
    ] as const
  ).map(([path, title, page]) => ({
    path,
    title,
    header: false,
    footer: false,
    breadcrumb: false,
    page: `src/features/admin-content/routes/${page}.tsx`,
  })),
  { path: '/privacy', title: '用户协议与隐私政策', page: 'src/features/privacy/routes/PrivacyPage.tsx' },
];

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

export function documentTitle(title: string): string {
  return `${title} - ${SITE_NAME}`;
}
