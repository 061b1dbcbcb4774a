/** Catalogue vocabularies shared by the web filters and the server (stored values are the English codes). */

export const STANDARD_LEVELS = ['national', 'industry', 'local', 'group', 'enterprise', 'international'] as const;
export type StandardLevel = (typeof STANDARD_LEVELS)[number];
export const STANDARD_LEVEL_LABELS: Record<StandardLevel, string> = {
  national: '国家标准',
  industry: '行业标准',
  local: '地方标准',
  group: '团体标准',
  enterprise: '企业标准',
  international: '国际标准',
};

export const STANDARD_NATURES = ['mandatory', 'recommended', 'guidance'] as const;
export type StandardNature = (typeof STANDARD_NATURES)[number];
export const STANDARD_NATURE_LABELS: Record<StandardNature, string> = {
  mandatory: '强制性',
  recommended: '推荐性',
  guidance: '指导性',
};

export const STANDARD_STATUSES = ['current', 'upcoming', 'abolished', 'replaced', 'suspended', 'updated', 'drafting'] as const;
export type StandardStatus = (typeof STANDARD_STATUSES)[number];
export const STANDARD_STATUS_LABELS: Record<StandardStatus, string> = {
  current: '现行',
  upcoming: '即将实施',
  abolished: '废止',
  replaced: '被代替',
  suspended: '暂不实施',
  updated: '有更新版',
  drafting: '制定中',
};
/**
 * Names and tag colours for display, the same on every screen and in every export (docs/decisions/0061): an
 * unknown code is shown as it is, nothing as ''. Colours name the web's tag classes: in force green, coming
 * blue, gone grey/red, changed orange.
 */
export const standardStatusLabel = (s: string | null | undefined): string =>
  s ? (STANDARD_STATUS_LABELS[s as StandardStatus] ?? s) : '';
export const STANDARD_STATUS_COLORS: Record<StandardStatus, string> = {
  current: 'green',
  upcoming: 'blue',
  abolished: 'red',
  replaced: 'default',
  suspended: 'gold',
  updated: 'orange',
  drafting: 'purple',
};
export const standardStatusColor = (s: string): string => STANDARD_STATUS_COLORS[s as StandardStatus] ?? 'default';
export const standardLevelLabel = (s: string | null | undefined): string =>
  s ? (STANDARD_LEVEL_LABELS[s as StandardLevel] ?? s) : '';
export const standardNatureLabel = (s: string | null | undefined): string =>
  s ? (STANDARD_NATURE_LABELS[s as StandardNature] ?? s) : '';

export const ADOPTION_DEGREES = ['IDT', 'MOD', 'NEQ'] as const;
export type AdoptionDegree = (typeof ADOPTION_DEGREES)[number];

/**
 * Relations between standards, stored in one direction; the reverse is read from the other side
 * (replaces ↔ replaced by).
 */
export const RELATION_KINDS = ['replaces', 'partially_replaces', 'renumbered_from'] as const;
export type RelationKind = (typeof RELATION_KINDS)[number];
export const RELATION_LABELS: Record<RelationKind, { forward: string; reverse: string }> = {
  replaces: { forward: '代替', reverse: '被代替' },
  partially_replaces: { forward: '部分代替', reverse: '被部分代替' },
  renumbered_from: { forward: '原编号', reverse: '现编号' },
};

export const SEARCH_SORTS = ['relevance', 'no', 'publish', 'implement'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

/** Longest keyword the search accepts; longer input is refused with this message. */
export const SEARCH_KEYWORD_MAX = 100;
export const SEARCH_KEYWORD_TOO_LONG = `检索关键词不能超过${SEARCH_KEYWORD_MAX}个字符`;

/** Most numbers one batch validity check takes (paste, upload or API). */
export const BATCH_CHECK_MAX = 1_000;
export const BATCH_CHECK_TOO_MANY = `一次最多核验${BATCH_CHECK_MAX}个标准号`;

/**
 * Region names the filters accept, with their administrative codes. A region matches its own code
 * and every code below it (广东 44 includes 中山 4420 and 深圳 4403).
 */
export const REGION_CODES: Record<string, string> = {
  北京: '11',
  天津: '12',
  河北: '13',
  山西: '14',
  内蒙古: '15',
  辽宁: '21',
  吉林: '22',
  黑龙江: '23',
  上海: '31',
  江苏: '32',
  浙江: '33',
  安徽: '34',
  福建: '35',
  江西: '36',
  山东: '37',
  河南: '41',
  湖北: '42',
  湖南: '43',
  广东: '44',
  广西: '45',
  海南: '46',
  重庆: '50',
  四川: '51',
  贵州: '52',
  云南: '53',
  西藏: '54',
  陕西: '61',
  甘肃: '62',
  青海: '63',
  宁夏: '64',
  新疆: '65',
  广州: '4401',
  深圳: '4403',
  珠海: '4404',
  佛山: '4406',
  东莞: '4419',
  中山: '4420',
};

export function regionNameOf(code: string | undefined): string | undefined {
  if (!code) return undefined;
  // Built once: an import asks this for every local-standard row.
  if (!regionNames) {
    regionNames = new Map();
    for (const [name, c] of Object.entries(REGION_CODES)) if (!regionNames.has(c)) regionNames.set(c, name);
  }
  return regionNames.get(code);
}
let regionNames: Map<string, string> | undefined;
