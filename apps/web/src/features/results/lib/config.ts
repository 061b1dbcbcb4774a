import { PORTAL_CATEGORIES } from '@zs/shared/portal';
import { attrField, str, type SectionConfig } from '../../../components/content/index.ts';

const certFields = [
  attrField('认证批次', 'batch'),
  attrField('企业', 'enterprise'),
  attrField('标准编号', 'standardNo'),
  attrField('标准名称', 'standardName'),
  attrField('证书编号', 'certificateNo'),
];
const achievementFields = [attrField('成果类型', 'achievementType'), attrField('完成单位', 'unit')];

/** 成果展示: every result, chips by kind. */
export const resultShowConfig = {
  section: 'result',
  slug: 'result',
  listPath: '/result-show',
  listTitle: '成果展示',
  detailPath: '/result-detail',
  categories: PORTAL_CATEGORIES.result,
  categoryLabel: '成果类别',
  searchPlaceholder: '请输入企业、标准编号、证书编号或完成单位',
  listFields: [...achievementFields, ...certFields],
  detailFields: [...certFields, ...achievementFields],
} satisfies SectionConfig;

/** 深圳标准认证结果: the certification results only, filterable and grouped by batch. */
export const resultShenzhenConfig = {
  ...resultShowConfig,
  listPath: '/result-shenzhen',
  listTitle: '深圳标准认证结果',
  categories: undefined,
  fixedParams: { category: 'shenzhen_cert' },
  extraFilters: [{ param: 'batch', label: '认证批次', facet: (item) => [str(item.attrs.batch)] }],
  listFields: certFields.slice(1),
} satisfies SectionConfig;
