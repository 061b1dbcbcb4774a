import { PORTAL_CATEGORIES } from '@zs/shared/portal';
import { attrField, type SectionConfig } from '../../../components/content/index.ts';

const docCount = (v: unknown) => (Array.isArray(v) && v.length > 0 ? `${v.length} 份` : '');

export const trainingConfig = {
  section: 'training',
  slug: 'training',
  listPath: '/training-material',
  listTitle: '培训资料',
  detailPath: '/training-detail',
  categories: PORTAL_CATEGORIES.training,
  categoryLabel: '类型',
  searchPlaceholder: '请输入课程或资料名称、讲师',
  listFields: [
    attrField('讲师', 'lecturer'),
    { label: '学时', value: (item) => (typeof item.attrs.hours === 'number' ? `${item.attrs.hours} 学时` : '') },
    { label: '资料', value: (item) => docCount(item.attrs.documents) },
    { label: '视频', value: (item) => (item.attrs.videoUrl ? '有' : '') },
  ],
  detailFields: [
    attrField('讲师', 'lecturer'),
    { label: '学时', value: (item) => (typeof item.attrs.hours === 'number' ? `${item.attrs.hours} 学时` : '') },
  ],
} satisfies SectionConfig;
