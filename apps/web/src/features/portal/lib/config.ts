import { DEMONSTRATION_STATUSES, PORTAL_CATEGORIES } from '@zs/shared/portal';
import { attrField, periodField, str, townField, type SectionConfig } from '../../../components/content/index.ts';

export const standardPlusConfig = {
  section: 'standard_plus',
  slug: 'standard-plus',
  listPath: '/standard-plus',
  listTitle: '标准+',
  detailPath: '/standard-plus-detail',
  categories: PORTAL_CATEGORIES.standard_plus,
  categoryLabel: '主题',
  searchPlaceholder: '请输入文章标题或关键词',
  listFields: [attrField('作者', 'author')],
  detailFields: [attrField('主题', 'theme'), attrField('作者', 'author')],
} satisfies SectionConfig;

const statusLabel = (v: unknown) => DEMONSTRATION_STATUSES[str(v) as keyof typeof DEMONSTRATION_STATUSES] ?? str(v);

/** Demonstration projects have no detail route (docs/product.md §2): every field shows in the list. */
export const demonstrationConfig = {
  section: 'demonstration',
  slug: 'demonstration',
  listPath: '/standard-demonstration',
  listTitle: '标准化示范',
  categories: PORTAL_CATEGORIES.demonstration,
  categoryLabel: '级别',
  towns: true,
  searchPlaceholder: '请输入项目名称、承担单位或领域',
  extraFilters: [
    { param: 'field', label: '领域', facet: (item) => [str(item.attrs.field)] },
    {
      param: 'projectStatus',
      label: '项目状态',
      options: Object.entries(DEMONSTRATION_STATUSES).map(([value, label]) => ({ value, label })),
    },
  ],
  listFields: [
    attrField('领域', 'field'),
    attrField('承担单位', 'undertaker'),
    periodField('建设周期', 'periodStart', 'periodEnd'),
    { label: '项目状态', value: (item) => statusLabel(item.attrs.projectStatus) },
    townField,
  ],
} satisfies SectionConfig;
