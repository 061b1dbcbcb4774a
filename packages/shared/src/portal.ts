// No zod here: public pages read these constants without loading zod (docs/decisions/0030).

/**
 * Portal sections (docs/product.md §1–§2) shared by the web pages and the server. Each section has a URL slug
 * (`/api/portal/<slug>`), a Chinese name and its categories (stored values are the ASCII codes).
 */
export const PORTAL_SECTIONS = [
  'news',
  'standard_plus',
  'service',
  'talent',
  'training',
  'activity',
  'result',
  'xiangshan_product',
  'demonstration',
  'gi_product',
  'standard_system_node',
] as const;
export type PortalSection = (typeof PORTAL_SECTIONS)[number];

export const PORTAL_SECTION_SLUGS: Record<PortalSection, string> = {
  news: 'news',
  standard_plus: 'standard-plus',
  service: 'service',
  talent: 'talent',
  training: 'training',
  activity: 'activity',
  result: 'result',
  xiangshan_product: 'xiangshan-product',
  demonstration: 'demonstration',
  gi_product: 'gi-product',
  standard_system_node: 'standard-system',
};

export const PORTAL_SECTION_NAMES: Record<PortalSection, string> = {
  news: '政策资讯',
  standard_plus: '标准+',
  service: '标准化服务',
  talent: '人才库',
  training: '培训资料',
  activity: '活动',
  result: '成果展示',
  xiangshan_product: '香山之品',
  demonstration: '示范试点',
  gi_product: '地理标志产品',
  standard_system_node: '标准体系',
};

/** The 23 towns and subdistricts Zhongshan administers directly (data/zhongshan/towns-nbs2023.csv, NBS 2023 codes). */
export const ZHONGSHAN_TOWNS: ReadonlyArray<{ code: string; name: string }> = [
  { code: '442000001', name: '石岐街道' },
  { code: '442000002', name: '东区街道' },
  { code: '442000003', name: '中山港街道' },
  { code: '442000004', name: '西区街道' },
  { code: '442000005', name: '南区街道' },
  { code: '442000006', name: '五桂山街道' },
  { code: '442000007', name: '民众街道' },
  { code: '442000008', name: '南朗街道' },
  { code: '442000101', name: '黄圃镇' },
  { code: '442000103', name: '东凤镇' },
  { code: '442000105', name: '古镇镇' },
  { code: '442000106', name: '沙溪镇' },
  { code: '442000107', name: '坦洲镇' },
  { code: '442000108', name: '港口镇' },
  { code: '442000109', name: '三角镇' },
  { code: '442000110', name: '横栏镇' },
  { code: '442000111', name: '南头镇' },
  { code: '442000112', name: '阜沙镇' },
  { code: '442000114', name: '三乡镇' },
  { code: '442000115', name: '板芙镇' },
  { code: '442000116', name: '大涌镇' },
  { code: '442000117', name: '神湾镇' },
  { code: '442000118', name: '小榄镇' },
];
export const TOWN_CODES = ZHONGSHAN_TOWNS.map((t) => t.code) as [string, ...string[]];
export function townName(code: string | null | undefined): string | null {
  return ZHONGSHAN_TOWNS.find((t) => t.code === code)?.name ?? null;
}

/** Sections whose categories the office edits in the console (docs/decisions/0060); the others keep their fixed lists. */
export const EDITABLE_CATEGORY_SECTIONS = ['xiangshan_product'] as const;
export type EditableCategorySection = (typeof EDITABLE_CATEGORY_SECTIONS)[number];

/** Stored category codes (ASCII); the office's new 香山之品 categories get codes of this shape too. */
export const CATEGORY_CODE = /^[a-z][a-z0-9_]{0,29}$/;

export interface CategoryOption {
  code: string;
  name: string;
}

/**
 * 香山之品 food categories as first seeded. docs/product.md §1 names eight of the programme's 15 categories; the
 * other seven could not be confirmed from a public source, so they are marked `verified: false` (待核实).
 * Since decision 0060 the office edits the live list in the console (table `portal_categories`, seeded with
 * these by migration 0060); this constant only backs seeds and code that has no database at hand.
 */
export const XIANGSHAN_CATEGORIES: ReadonlyArray<CategoryOption & { verified: boolean }> = [
  { code: 'fruit', name: '水果', verified: true },
  { code: 'vegetable', name: '蔬菜', verified: true },
  { code: 'aquatic', name: '水产品', verified: true },
  { code: 'meat', name: '肉类', verified: true },
  { code: 'egg', name: '蛋类', verified: true },
  { code: 'rice', name: '大米', verified: true },
  { code: 'flour', name: '面粉', verified: true },
  { code: 'oil', name: '食用油', verified: true },
  { code: 'poultry', name: '禽类（待核实）', verified: false },
  { code: 'dairy', name: '乳制品（待核实）', verified: false },
  { code: 'tea', name: '茶叶（待核实）', verified: false },
  { code: 'condiment', name: '调味品（待核实）', verified: false },
  { code: 'pastry', name: '糕点（待核实）', verified: false },
  { code: 'beverage', name: '饮料（待核实）', verified: false },
  { code: 'cured_meat', name: '腊味制品（待核实）', verified: false },
];

export const ACTIVITY_KINDS = ['standard', 'enterprise', 'general'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

export const PORTAL_CATEGORIES: Record<PortalSection, readonly CategoryOption[]> = {
  news: [
    { code: 'policy', name: '政策法规' },
    { code: 'notice', name: '通知公告' },
    { code: 'work', name: '工作动态' },
  ],
  standard_plus: [
    { code: 'quality', name: '标准+质量' },
    { code: 'industry', name: '标准+产业' },
    { code: 'innovation', name: '标准+科技创新' },
    { code: 'governance', name: '标准+社会治理' },
  ],
  service: [
    { code: 'novelty_search', name: '标准查新' },
    { code: 'revision_consult', name: '标准制修订咨询' },
    { code: 'self_declaration', name: '企业标准自我声明指导' },
    { code: 'training', name: '标准化培训' },
    { code: 'other', name: '其他服务' },
  ],
  talent: [
    { code: 'standardization', name: '标准化专家' },
    { code: 'technical', name: '行业技术专家' },
    { code: 'engineer', name: '标准化工程师' },
  ],
  training: [
    { code: 'course', name: '培训课程' },
    { code: 'material', name: '学习资料' },
  ],
  activity: [
    { code: 'standard', name: '标准活动' },
    { code: 'enterprise', name: '企业活动' },
    { code: 'general', name: '综合活动' },
  ],
  result: [
    { code: 'shenzhen_cert', name: '深圳标准认证结果' },
    { code: 'achievement', name: '标准化成果' },
  ],
  xiangshan_product: XIANGSHAN_CATEGORIES.map(({ code, name }) => ({ code, name })),
  demonstration: [
    { code: 'national', name: '国家级' },
    { code: 'provincial', name: '省级' },
    { code: 'city', name: '市级' },
  ],
  gi_product: [
    { code: 'fruit', name: '水果' },
    { code: 'meat_product', name: '肉制品' },
    { code: 'poultry', name: '禽类' },
    { code: 'aquatic', name: '水产品' },
    { code: 'other', name: '其他' },
  ],
  standard_system_node: [
    { code: 'system', name: '标准体系' },
    { code: 'group', name: '子体系' },
    { code: 'leaf', name: '标准明细' },
  ],
};

export function categoryName(section: PortalSection, code: string | null | undefined): string | null {
  if (!code) return null;
  return PORTAL_CATEGORIES[section].find((c) => c.code === code)?.name ?? null;
}

export const DEMONSTRATION_STATUSES = { building: '建设中', accepted: '已验收', cancelled: '已撤销' } as const;

// ---- Unified social credit code (GB 32100-2015) ----

/** The 31 characters of the code: digits and capitals without I, O, Z, S, V. */
const CREDIT_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** The 18th character for the first 17, or null when they contain a character outside the set. */
export function creditCodeCheckChar(first17: string): string | null {
  if (first17.length !== 17) return null;
  let sum = 0;
  for (let i = 0; i < 17; i += 1) {
    const v = CREDIT_CHARS.indexOf(first17[i]!);
    if (v < 0) return null;
    sum += v * CREDIT_WEIGHTS[i]!;
  }
  const c = 31 - (sum % 31);
  return CREDIT_CHARS[c === 31 ? 0 : c]!;
}

/** 18 characters from the code's set whose last character is the GB 32100-2015 check character. Upper case only. */
export function isValidCreditCode(value: unknown): boolean {
  if (typeof value !== 'string' || value.length !== 18) return false;
  return creditCodeCheckChar(value.slice(0, 17)) === value[17];
}

/**
 * Lengths (after trimming) of the application forms' text fields: the zod schemas (portal-forms.ts) and the
 * web's zod-free field checks both read them, with the messages below.
 */
export const PORTAL_TEXT_LIMITS = {
  enterpriseName: [2, 100],
  contactName: [2, 30],
  productName: [1, 100],
  standardNo: [3, 60],
  description: [10, 2000],
  need: [10, 1000],
} as const satisfies Record<string, readonly [number, number]>;

export const PortalMessages = {
  creditCode: '请输入正确的统一社会信用代码',
  enterpriseName: '请输入企业名称（2-100个字符）',
  contactName: '请输入联系人姓名（2-30个字符）',
  productName: '请输入产品名称（1-100个字符）',
  category: '请选择产品类别',
  town: '请选择所在镇街',
  standardNo: '请输入产品执行的标准编号',
  description: '请输入产品简介（10-2000个字符）',
  attachments: '请上传至少一个附件（最多10个）',
  serviceId: '请选择服务项目',
  need: '请描述服务需求（10-1000个字符）',
} as const;

// ---- Applications ----

export const APPLICATION_KINDS = ['brand_product', 'service', 'activity', 'gi_product'] as const;
export type ApplicationKind = (typeof APPLICATION_KINDS)[number];
export const APPLICATION_KIND_LABELS: Record<ApplicationKind, string> = {
  brand_product: '香山之品申请',
  service: '服务申请',
  activity: '活动报名',
  gi_product: '地理标志产品申请',
};

export const APPLICATION_STATUSES = ['submitted', 'accepted', 'reviewing', 'approved', 'rejected', 'withdrawn'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
export const APPLICATION_STATUS_LABELS: Record<ApplicationStatus, string> = {
  submitted: '提交',
  accepted: '受理',
  reviewing: '审核中',
  approved: '通过',
  rejected: '驳回',
  withdrawn: '已撤回',
};
/** The applicant may withdraw only before the review starts. */
export const WITHDRAWABLE_STATUSES: readonly ApplicationStatus[] = ['submitted', 'accepted'];

/**
 * The public list pages that show one section's published items (with the page's fixed filter), as the top
 * navigation and /home link them. The office may hide a page from both while it has nothing published (site
 * setting 隐藏空栏目, decisions/0088); a direct visit still shows the plain 本栏目暂无内容 message.
 */
export const SECTION_PAGES: readonly { path: string; label: string; section: PortalSection; category?: string }[] = [
  { path: '/standard-xiangshan', label: '香山之品', section: 'xiangshan_product' },
  { path: '/standard-demonstration', label: '标准化示范', section: 'demonstration' },
  { path: '/standard-system', label: '标准体系', section: 'standard_system_node' },
  { path: '/result-shenzhen', label: '深圳标准认证结果', section: 'result', category: 'shenzhen_cert' },
  { path: '/result-show', label: '成果展示', section: 'result' },
  { path: '/service-platform', label: '标准化服务', section: 'service' },
  { path: '/standard-plus', label: '标准+', section: 'standard_plus' },
  { path: '/talent-pool', label: '人才库', section: 'talent' },
  { path: '/news', label: '政策资讯', section: 'news' },
  { path: '/training-material', label: '培训资料', section: 'training' },
  { path: '/activity', label: '活动中心', section: 'activity' },
  { path: '/activity-standard', label: '标准活动', section: 'activity', category: 'standard' },
  { path: '/activity-enterprise', label: '企业活动', section: 'activity', category: 'enterprise' },
];
