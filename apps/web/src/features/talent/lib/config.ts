import { PORTAL_CATEGORIES } from '@zs/shared/portal';
import { attrField, type SectionConfig } from '../../../components/content/index.ts';

const fieldsOf = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/** Public talent profiles carry no private contact data (the server refuses it, decision 0004). */
export const talentConfig = {
  section: 'talent',
  slug: 'talent',
  listPath: '/talent-pool',
  listTitle: '人才库',
  detailPath: '/talent-detail',
  categories: PORTAL_CATEGORIES.talent,
  categoryLabel: '人才类型',
  searchPlaceholder: '请输入姓名、单位或职称',
  extraFilters: [{ param: 'field', label: '专业领域', facet: (item) => fieldsOf(item.attrs.fields) }],
  listFields: [attrField('职称', 'title'), attrField('工作单位', 'organisation'), attrField('专业领域', 'fields')],
  detailFields: [
    attrField('姓名', 'name'),
    attrField('职称', 'title'),
    attrField('工作单位', 'organisation'),
    attrField('专业领域', 'fields'),
    attrField('所在技术委员会', 'committees'),
    attrField('主要成绩', 'achievements'),
  ],
} satisfies SectionConfig;
