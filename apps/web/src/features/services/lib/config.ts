import { PORTAL_CATEGORIES } from '@zs/shared/portal';
import { attrField, type SectionConfig } from '../../../components/content/index.ts';

export const serviceConfig = {
  section: 'service',
  slug: 'service',
  listPath: '/service-platform',
  listTitle: '标准化服务',
  detailPath: '/service-detail',
  categories: PORTAL_CATEGORIES.service,
  categoryLabel: '服务类型',
  searchPlaceholder: '请输入服务名称、服务机构或服务范围',
  listFields: [attrField('服务机构', 'provider'), attrField('服务范围', 'scope')],
  detailFields: [
    attrField('服务机构', 'provider'),
    attrField('服务范围', 'scope'),
    attrField('收费标准', 'fees'),
    attrField('服务时间', 'serviceHours'),
  ],
} satisfies SectionConfig;
