// No zod here: the web's route table reads this on every page (docs/decisions/0030).

/**
 * The page routes of docs/product.md §2 with their titles: the web's route table (apps/web/src/app/routes.ts adds
 * the page module of each) and the server's page heads for crawlers (apps/server/src/modules/seo) read this one
 * list, so a page's title and path are written once.
 * checkIndex: the spec's value; routes without one inherit their parent's (docs/decisions/0002).
 */
export interface PageRoute {
  path: string;
  title: string;
  checkIndex?: number;
  parent?: string;
  /** Guarded by docs/product.md §6.2: without a token the route redirects to /home. */
  auth?: boolean;
  header?: boolean;
  footer?: boolean;
  /** Breadcrumb bar above the page (off for the landing pages). */
  breadcrumb?: boolean;
  /** The page's own description for search engines and shared links (the site's when absent). */
  description?: string;
}

export const SITE_NAME = '中山市标准信息公共服务平台';

export const SITE_DESCRIPTION = '中山市标准信息公共服务平台：标准检索、中山标准、深圳标准、香山之品、标准化服务与政策资讯';

export function documentTitle(title: string): string {
  return `${title} - ${SITE_NAME}`;
}

const consoleFrame = { header: false, footer: false, breadcrumb: false } as const;

export const PAGE_ROUTES: readonly PageRoute[] = [
  { path: '/home', title: '首页', checkIndex: 1, breadcrumb: false, description: SITE_DESCRIPTION },
  {
    path: '/standard-search',
    title: '标准检索',
    checkIndex: 2,
    description: '按标准号、中英文名称、级别、状态、CCS 与 ICS 分类检索国家、行业、地方、团体和企业标准',
  },
  { path: '/standard-detail', title: '标准详情', checkIndex: 2, parent: '/standard-search', auth: true },
  { path: '/standard-zhongshan', title: '中山标准', checkIndex: 3, description: '中山市地方标准（DB4420/T）的检索与浏览' },
  { path: '/standard-zsDetail', title: '中山标准详情', parent: '/standard-zhongshan', auth: true },
  { path: '/standard-shenzhen', title: '深圳标准', checkIndex: 4, description: '深圳标准与深圳市地方标准（DB4403/T）' },
  { path: '/standard-szDetail', title: '深圳标准详情', parent: '/standard-shenzhen', auth: true },
  { path: '/standard-xiangshan', title: '香山之品', checkIndex: 3, description: '香山之品食品品牌标准与认证产品' },
  { path: '/standard-demonstration', title: '标准化示范', checkIndex: 3, description: '中山市标准化示范试点项目' },
  { path: '/standard-system', title: '标准体系', checkIndex: 3, description: '中山市重点产业标准体系' },
  { path: '/standard-apply', title: '香山之品申请', checkIndex: 10, parent: '/activity', auth: true },
  { path: '/apply-success', title: '申请成功', parent: '/activity' },
  { path: '/standard-xsDetail', title: '香山之品详情' },
  { path: '/training-material', title: '培训资料', checkIndex: 9, description: '标准化培训资料与课程' },
  { path: '/training-detail', title: '培训详情', parent: '/training-material', auth: true },
  { path: '/patent-index', title: '首页', breadcrumb: false },
  { path: '/result-shenzhen', title: '深圳标准认证结果', checkIndex: 4, description: '深圳标准认证结果查询' },
  { path: '/result-show', title: '成果展示', description: '标准化工作成果展示' },
  { path: '/result-detail', title: '成果详情' },
  { path: '/service-platform', title: '标准化服务', checkIndex: 5, description: '标准化技术服务机构与服务项目' },
  { path: '/service-detail', title: '服务详情', parent: '/service-platform' },
  { path: '/activity', title: '活动中心', checkIndex: 10, description: '标准化活动、培训与宣贯活动' },
  { path: '/activity-enterprise', title: '企业活动' },
  { path: '/activity-standard', title: '标准活动' },
  { path: '/activity-detail', title: '活动详情', auth: true },
  { path: '/talent-pool', title: '人才库', checkIndex: 7, description: '标准化专家与人才' },
  { path: '/talent-detail', title: '人才详情', parent: '/talent-pool' },
  { path: '/standard-plus', title: '标准+', checkIndex: 6, description: '标准+质量、标准+产业等专题文章' },
  { path: '/standard-plus-detail', title: '标准+详情' },
  { path: '/news', title: '政策资讯', checkIndex: 8, description: '标准化政策法规、通知公告与工作动态' },
  { path: '/news-detail', title: '资讯详情' },
  // Drafts for public comment (decisions/0081): linked from the footer; the spec's top navigation stays as it is.
  {
    path: '/consultation',
    title: '征求意见',
    description: '中山市地方标准、团体标准与香山之品评价规范征求意见稿：在线阅读并逐条提出意见',
  },
  { path: '/consultation-detail', title: '征求意见详情', parent: '/consultation' },
  // Questions to the office (decisions/0082): linked from the footer, as 征求意见 is.
  { path: '/interaction', title: '互动交流', description: '向中山市标准化主管部门咨询留言，查看已公开的咨询答复' },
  { path: '/interaction-detail', title: '咨询详情', parent: '/interaction' },
  { path: '/data-map', title: '数据地图', checkIndex: 11, description: '中山市各镇街标准化数据地图' },
  { path: '/data-map-detail', title: '数据地图详情' },
  { path: '/my-collection', title: '我的收藏', auth: true },
  { path: '/my-apply', title: '我的申请', auth: true },
  { path: '/geographical-detail', title: '申请详情', parent: '/my-apply' },
  { path: '/my-message', title: '我的消息', auth: true },
  { path: '/message-detail', title: '消息详情', parent: '/my-message', auth: true },
  { path: '/my-setting', title: '账号设置', auth: true },
  { path: '/enterprise-auth', title: '企业认证', auth: true },
  { path: '/my-question', title: '我的咨询', auth: true },
  { path: '/my-consultation', title: '我的意见', auth: true },
  // Watch lists and alert choices (docs/alerts.md).
  { path: '/my-watch', title: '我的关注', auth: true },
  // A certified enterprise's product standards (产品执行标准, decisions/0089).
  { path: '/my-product-standards', title: '产品执行标准', auth: true },
  // The pages the links in mails open (docs/alerts.md): no login, the token in the address is the proof.
  { path: '/email-verify', title: '邮箱验证' },
  { path: '/alerts-unsubscribe', title: '退订提醒邮件' },
  // Operator console (docs/product.md §6): own frame, not in the public navigation. Not in the docs/product.md §6 guard list:
  // its pages check token and role themselves and show 无权访问 otherwise.
  { path: '/admin', title: '运营后台', ...consoleFrame },
  { path: '/admin/certifications', title: '企业认证审核', ...consoleFrame },
  { path: '/admin/applications', title: '申请审核', ...consoleFrame },
  { path: '/admin/users', title: '用户管理', ...consoleFrame },
  { path: '/admin/missing-reports', title: '缺失标准反馈', ...consoleFrame },
  { path: '/admin/consultation', title: '征求意见管理', ...consoleFrame },
  { path: '/admin/consultation/edit', title: '编辑征求意见稿', ...consoleFrame },
  { path: '/admin/consultation/comments', title: '意见处理', ...consoleFrame },
  { path: '/admin/interaction', title: '咨询留言', ...consoleFrame },
  { path: '/admin/interaction/answer', title: '咨询办理', ...consoleFrame },
  { path: '/admin/interaction/templates', title: '答复模板', ...consoleFrame },
  { path: '/admin/interaction/calendar', title: '节假日安排', ...consoleFrame },
  { path: '/admin/audit-log', title: '审计日志', ...consoleFrame },
  { path: '/admin/alert-deliveries', title: '提醒投递记录', ...consoleFrame },
  { path: '/admin/standards', title: '标准库管理', ...consoleFrame },
  { path: '/admin/standards/edit', title: '编辑标准', ...consoleFrame },
  { path: '/admin/import', title: '标准数据导入', ...consoleFrame },
  { path: '/admin/settings', title: '站点设置', ...consoleFrame },
  { path: '/admin/health', title: '网站检查', ...consoleFrame },
  // Content console (docs/decisions/0050): one list and one editor page, configured per section.
  { path: '/admin/content', title: '内容管理', ...consoleFrame },
  { path: '/admin/content/:section', title: '内容管理', ...consoleFrame },
  { path: '/admin/content/:section/new', title: '新建内容', ...consoleFrame },
  { path: '/admin/content/:section/:id', title: '编辑内容', ...consoleFrame },
  { path: '/admin/content/:section/:id/preview', title: '内容预览', ...consoleFrame },
  { path: '/admin/content/reviews', title: '发布审核', ...consoleFrame },
  { path: '/privacy', title: '用户协议与隐私政策', description: '用户协议、隐私政策与用户服务协议' },
];
