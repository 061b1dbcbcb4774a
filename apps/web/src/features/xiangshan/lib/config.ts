import { attrField, periodField, townField, type SectionConfig } from '../../../components/content/index.ts';

const fields = [
  attrField('企业名称', 'enterprise'),
  attrField('产品名称', 'product'),
  { label: '产品类别', value: (item: { categoryName: string | null }) => item.categoryName ?? '' },
  attrField('执行标准', 'standardNo'),
  attrField('证书编号', 'certificateNo'),
  periodField('证书有效期', 'validFrom', 'validTo'),
  townField,
];

export const xiangshanConfig = {
  section: 'xiangshan_product',
  slug: 'xiangshan-product',
  listPath: '/standard-xiangshan',
  listTitle: '香山之品',
  detailPath: '/standard-xsDetail',
  // The office's list, loaded by the page (docs/decisions/0060).
  categories: [],
  categoryLabel: '产品类别',
  towns: true,
  searchPlaceholder: '请输入企业名称、产品名称、标准编号或证书编号',
  listFields: fields.filter((f) => f.label !== '产品类别'),
  detailFields: fields,
} satisfies SectionConfig;
