import { PORTAL_CATEGORIES } from '@zs/shared/portal';
import { attrField, type SectionConfig } from '../../../components/content/index.ts';

export const newsConfig = {
  section: 'news',
  slug: 'news',
  listPath: '/news',
  listTitle: '政策资讯',
  detailPath: '/news-detail',
  categories: PORTAL_CATEGORIES.news,
  categoryLabel: '栏目',
  searchPlaceholder: '请输入资讯标题或关键词',
  pageSize: 6,
  detailFields: [attrField('成文日期', 'date')],
} satisfies SectionConfig;
