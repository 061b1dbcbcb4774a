import type { ItemInput } from '../repository.ts';

/**
 * Portal seed content. Two kinds, never mixed:
 * - real: the Standardization Law and the national outline (public facts, credited), and the four
 *   geographical-indication product names with their places of origin (docs/product.md §1);
 * - demo: everything else, with demo = true and titles starting 【示例】, covering every category so
 *   the filters and paging can be tried; operators replace it.
 */
const DAY = 86_400_000;
const at = (days: number) => new Date(Date.now() + days * DAY).toISOString();
const demoBody = (what: string) => `<p>本条为平台演示用的示例内容（${what}），不代表真实信息，由运营人员替换为正式内容。</p>`;
const demo = (x: Omit<ItemInput, 'demo'>): ItemInput => ({
  ...x,
  title: `【示例】${x.title}`,
  demo: true,
  bodyHtml: x.bodyHtml ?? demoBody(x.title),
});

const newsDemo = (category: string, title: string, summary: string, days: number, attrs?: Record<string, unknown>) =>
  demo({ section: 'news', category, title, summary, publishedAt: at(days), ...(attrs ? { attrs } : {}) });
const NEWS: ItemInput[] = [
  {
    section: 'news',
    category: 'policy',
    title: '中华人民共和国标准化法',
    summary:
      '1988年12月29日第七届全国人民代表大会常务委员会第五次会议通过，2017年11月4日第十二届全国人民代表大会常务委员会第三十次会议修订，自2018年1月1日起施行。',
    bodyHtml:
      '<p>《中华人民共和国标准化法》于2017年11月4日修订通过，自2018年1月1日起施行。全文请查阅<a href="https://flk.npc.gov.cn/">国家法律法规数据库</a>。</p>',
    source: '国家法律法规数据库',
    sourceUrl: 'https://flk.npc.gov.cn/',
    attrs: { date: '2017-11-04', officialUrl: 'https://flk.npc.gov.cn/' },
    publishedAt: '2017-11-04T00:00:00+08:00',
  },
  {
    section: 'news',
    category: 'policy',
    title: '国家标准化发展纲要',
    summary: '2021年10月，中共中央、国务院印发《国家标准化发展纲要》。',
    bodyHtml: '<p>2021年10月，中共中央、国务院印发《国家标准化发展纲要》。原文请以中国政府网发布的版本为准。</p>',
    source: '中国政府网',
    attrs: { date: '2021-10-10' },
    publishedAt: '2021-10-10T00:00:00+08:00',
  },
  newsDemo('policy', '中山市标准化工作政策解读', '示例政策解读摘要。', -40),
  newsDemo('notice', '关于开展香山之品品牌产品申报工作的通知', '示例通知摘要。', -20, {
    date: new Date(Date.now() - 20 * DAY).toISOString().slice(0, 10),
  }),
  newsDemo('notice', '关于举办企业标准化培训班的通知', '示例通知摘要。', -12),
  newsDemo('work', '市场监管部门开展标准化宣传周活动', '示例工作动态摘要。', -8),
  newsDemo('work', '中山市标准信息公共服务平台上线试运行', '示例工作动态摘要。', -2),
];

const plus = (category: string, title: string, theme: string, days: number) =>
  demo({ section: 'standard_plus', category, title, summary: '示例文章摘要。', attrs: { theme }, publishedAt: at(days) });
const STANDARD_PLUS: ItemInput[] = [
  plus('quality', '以标准引领产品质量提升', '标准+质量', -30),
  plus('industry', '标准助力灯饰产业转型升级', '标准+产业', -21),
  plus('innovation', '科技成果转化为标准的路径', '标准+科技创新', -14),
  plus('governance', '标准化助力基层社会治理', '标准+社会治理', -6),
];

const svc = (category: string, title: string) =>
  demo({
    section: 'service',
    category,
    title,
    summary: `示例服务介绍：${title}。`,
    attrs: {
      provider: '示例标准化服务机构',
      scope: '示例服务范围说明',
      steps: ['在线提交申请', '机构受理', '提供服务', '反馈结果'],
      fees: '示例收费说明（以服务机构公示为准）',
    },
  });
const SERVICES: ItemInput[] = [
  svc('novelty_search', '标准查新服务'),
  svc('revision_consult', '标准制修订咨询服务'),
  svc('self_declaration', '企业标准自我声明公开指导'),
  svc('training', '企业标准化培训服务'),
  svc('other', '标准化良好行为评价辅导'),
];

const talent = (category: string, name: string, field: string) =>
  demo({
    section: 'talent',
    category,
    title: name,
    summary: `示例人才简介：${field}领域。`,
    attrs: {
      name,
      title: '高级工程师（示例）',
      organisation: '示例单位',
      fields: [field],
      committees: ['示例标准化技术委员会'],
      achievements: '示例：参与起草标准若干项。',
    },
  });
const TALENTS: ItemInput[] = [
  talent('standardization', '示例专家甲', '标准化管理'),
  talent('standardization', '示例专家乙', '食品安全'),
  talent('technical', '示例专家丙', '灯具照明'),
  talent('engineer', '示例工程师丁', '家用电器'),
];

const course = (title: string, days: number, extra: Record<string, unknown> = {}) =>
  demo({
    section: 'training',
    category: 'course',
    title,
    summary: '示例课程简介。',
    attrs: { documents: [], ...extra },
    publishedAt: at(days),
  });
const material = (title: string, days: number) =>
  demo({
    section: 'training',
    category: 'material',
    title,
    summary: '示例资料简介。',
    attrs: { documents: [] },
    publishedAt: at(days),
  });
const TRAINING: ItemInput[] = [
  course('标准化基础知识课程', -25, { lecturer: '示例讲师', hours: 4 }),
  course('企业标准编写实务课程', -15, { lecturer: '示例讲师', hours: 6 }),
  material('标准化工作导则学习资料', -10),
  material('香山之品申报指引学习资料', -5),
];

const activity = (category: string, title: string, days: number, extra: Record<string, unknown> = {}) =>
  demo({
    section: 'activity',
    category,
    title,
    summary: '示例活动简介。',
    publishedAt: at(days - 30),
    attrs: {
      startAt: at(days),
      endAt: at(days + 0.25),
      place: '中山市（示例地点）',
      seatLimit: 50,
      signupDeadline: at(days - 2),
      open: true,
      organiser: '示例主办单位',
      ...extra,
    },
  });
const ACTIVITIES: ItemInput[] = [
  activity('standard', '标准宣贯会', 20),
  activity('standard', '地方标准解读讲座', 35, { seatLimit: 30 }),
  activity('enterprise', '企业标准化交流会', 28),
  activity('enterprise', '企业走访观摩活动', -10, { open: false }),
  activity('general', '世界标准日主题活动', 45, { seatLimit: 200 }),
];

const certResult = (batch: string, enterprise: string, n: number, year: number) =>
  demo({
    section: 'result',
    category: 'shenzhen_cert',
    title: `深圳标准认证结果（${batch}）${enterprise}`,
    attrs: { batch: `示例${batch}`, enterprise, standardNo: `T/XXXX 00${n}-${year}`, certificateNo: `SL-000${n}（示例）` },
  });
const achievement = (title: string, achievementType: string) =>
  demo({ section: 'result', category: 'achievement', title, attrs: { achievementType, unit: '示例单位' } });
const RESULTS: ItemInput[] = [
  certResult('第一批', '示例企业甲', 1, 2024),
  certResult('第一批', '示例企业乙', 2, 2024),
  certResult('第二批', '示例企业丙', 3, 2025),
  achievement('标准化成果：团体标准研制', '团体标准'),
  achievement('标准化成果：标准化试点建设', '试点示范'),
];

const product = (category: string, name: string, townCode: string, n: number) =>
  demo({
    section: 'xiangshan_product',
    category,
    title: name,
    summary: '示例香山之品认证产品。',
    townCode,
    attrs: {
      enterprise: `示例企业${n}（中山）有限公司`,
      product: name,
      standardNo: '示例标准编号',
      certificateNo: `XS-示例-${String(n).padStart(3, '0')}`,
      validFrom: '2025-01-01',
      validTo: '2027-12-31',
    },
  });
const PRODUCTS: ItemInput[] = [
  product('fruit', '示例水果', '442000117', 1),
  product('vegetable', '示例蔬菜', '442000107', 2),
  product('aquatic', '示例水产品', '442000118', 3),
  product('meat', '示例肉制品', '442000101', 4),
  product('egg', '示例鲜蛋', '442000112', 5),
  product('rice', '示例大米', '442000111', 6),
  product('flour', '示例面粉', '442000106', 7),
  product('oil', '示例食用油', '442000114', 8),
];

const demoProject = (category: string, title: string, townCode: string, field: string, projectStatus: string) =>
  demo({
    section: 'demonstration',
    category,
    title,
    summary: '示例标准化示范试点项目。',
    townCode,
    attrs: { field, undertaker: '示例承担单位', periodStart: '2024-01-01', periodEnd: '2026-12-31', projectStatus },
  });
const DEMONSTRATIONS: ItemInput[] = [
  demoProject('national', '国家级农业标准化示范区', '442000117', '农业', 'building'),
  demoProject('national', '国家级服务业标准化试点', '442000001', '服务业', 'accepted'),
  demoProject('provincial', '省级社会管理和公共服务标准化试点', '442000002', '公共服务', 'building'),
  demoProject('provincial', '省级工业标准化试点', '442000105', '工业', 'accepted'),
  demoProject('city', '市级标准化示范项目', '442000118', '工业', 'building'),
];

const gi = (title: string, category: string, origin: string, townCode: string | null): ItemInput => ({
  section: 'gi_product',
  category,
  title,
  summary: `中山市地理标志产品，产地：${origin}。`,
  bodyHtml: `<p>${title}，产地${origin}。产品介绍待运营单位补充。</p>`,
  townCode,
  attrs: { origin },
  source: '平台整理',
});
const GI: ItemInput[] = [
  gi('黄圃腊味', 'meat_product', '黄圃镇', '442000101'),
  gi('神湾菠萝', 'fruit', '神湾镇', '442000117'),
  gi('石岐鸽', 'poultry', '石岐街道', '442000001'),
  // 东升镇 is not among the 2023 town codes, so the item carries no town link.
  gi('中山脆肉鲩', 'aquatic', '东升镇', null),
];

export const PORTAL_SEED: ItemInput[] = [
  ...NEWS,
  ...STANDARD_PLUS,
  ...SERVICES,
  ...TALENTS,
  ...TRAINING,
  ...ACTIVITIES,
  ...RESULTS,
  ...PRODUCTS,
  ...DEMONSTRATIONS,
  ...GI,
];

/** A small 示例 standard-system tree whose leaves name real numbers from the seeded building catalogue. */
export const SYSTEM_TREE = {
  title: '中山市建筑工程标准体系',
  children: [
    { title: '结构', category: 'group', standardNos: ['GB 55001-2021', 'GB 55002-2021', 'GB 55003-2021', 'GB 55008-2021'] },
    { title: '建筑环境与节能', category: 'group', standardNos: ['GB 55015-2021', 'GB 55016-2021'] },
    { title: '建筑防火与消防', category: 'group', standardNos: ['GB 55036-2022', 'GB 55037-2022'] },
  ],
};
