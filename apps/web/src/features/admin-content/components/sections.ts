import { CONTENT_CONSOLE_SECTIONS, type ContentConsoleSection } from '@zs/shared/api/content';
import { DEMONSTRATION_STATUSES, PORTAL_SECTION_NAMES, type PortalSection } from '@zs/shared/portal';

/**
 * One declaration per console section: the list and the editor read everything section-specific
 * from here (labels, default category, the section's own fields and their input kinds). The rules of
 * those fields are the shared attrs schemas; this only says how to ask for them.
 */
export type AttrKind = 'text' | 'textarea' | 'url' | 'date' | 'datetime' | 'number' | 'list' | 'bool' | 'select' | 'files';

export interface AttrField {
  key: string;
  label: string;
  kind: AttrKind;
  required?: boolean;
  options?: Array<{ value: string; label: string }>;
  help?: string;
}

export interface ConsoleSectionConfig {
  name: ContentConsoleSection;
  section: PortalSection;
  label: string;
  /** What one item is called in buttons (新建<noun>). */
  noun: string;
  defaultCategory: string | null;
  fields: AttrField[];
  /** attrs of a new item (required booleans and lists start filled). */
  defaults: () => Record<string, unknown>;
  /** The public detail page of a published item. */
  publicPath?: (id: number) => string;
}

const t = (key: string, label: string, required = false): AttrField => ({ key, label, kind: 'text', required });
const f = (key: string, label: string, kind: AttrKind, required = false): AttrField => ({ key, label, kind, required });

type Spec = Omit<ConsoleSectionConfig, 'name' | 'section' | 'label' | 'defaults'> & { defaults?: () => Record<string, unknown> };

const SPECS: Record<ContentConsoleSection, Spec> = {
  news: {
    noun: '资讯',
    defaultCategory: 'work',
    fields: [f('officialUrl', '原文链接', 'url'), f('attachments', '附件', 'files')],
    publicPath: (id) => `/news-detail?id=${id}`,
  },
  service: {
    noun: '服务',
    defaultCategory: 'other',
    fields: [
      t('provider', '服务机构', true),
      f('scope', '服务范围', 'textarea', true),
      f('steps', '办理流程', 'list', true),
      t('fees', '收费标准', true),
      t('serviceHours', '服务时间'),
    ],
    defaults: () => ({ steps: [] }),
    publicPath: (id) => `/service-detail?id=${id}`,
  },
  talent: {
    noun: '人才',
    defaultCategory: 'standardization',
    fields: [
      t('name', '姓名', true),
      t('title', '职称'),
      t('organisation', '工作单位', true),
      f('fields', '专业领域', 'list', true),
      f('committees', '技术委员会', 'list', true),
      { ...f('achievements', '主要成果', 'textarea'), help: '不得填写个人电话、邮箱或住址' },
    ],
    defaults: () => ({ fields: [], committees: [] }),
    publicPath: (id) => `/talent-detail?id=${id}`,
  },
  'standard-plus': {
    noun: '文章',
    defaultCategory: 'quality',
    fields: [t('theme', '主题'), t('author', '作者')],
    publicPath: (id) => `/standard-plus-detail?id=${id}`,
  },
  training: {
    noun: '培训资料',
    defaultCategory: 'course',
    fields: [
      t('lecturer', '讲师'),
      f('hours', '学时', 'number'),
      f('videoUrl', '视频链接', 'url'),
      { ...f('documents', '培训文件', 'files'), help: '仅认证企业可下载，PDF 带水印' },
    ],
    defaults: () => ({ documents: [] }),
    publicPath: (id) => `/training-detail?id=${id}`,
  },
  activity: {
    noun: '活动',
    defaultCategory: 'general',
    fields: [
      f('startAt', '开始时间', 'datetime', true),
      f('endAt', '结束时间', 'datetime', true),
      t('place', '地点', true),
      t('organiser', '主办单位'),
      f('seatLimit', '报名名额', 'number', true),
      f('signupDeadline', '报名截止时间', 'datetime', true),
      f('open', '开放报名', 'bool', true),
    ],
    defaults: () => ({ open: true, seatLimit: 50 }),
    publicPath: (id) => `/activity-detail?id=${id}`,
  },
  result: {
    noun: '成果',
    defaultCategory: 'achievement',
    fields: [
      { ...t('batch', '批次'), help: '深圳标准认证结果按批次公布，如“2026年第一批”' },
      t('enterprise', '企业'),
      t('standardNo', '标准编号'),
      t('standardName', '标准名称'),
      t('certificateNo', '证书编号'),
      t('achievementType', '成果类型'),
      t('unit', '完成单位'),
    ],
    publicPath: (id) => `/result-detail?id=${id}`,
  },
  demonstration: {
    noun: '示范项目',
    defaultCategory: 'city',
    fields: [
      t('field', '领域', true),
      t('undertaker', '承担单位', true),
      f('periodStart', '开始日期', 'date', true),
      f('periodEnd', '结束日期', 'date'),
      {
        ...f('projectStatus', '项目状态', 'select', true),
        options: Object.entries(DEMONSTRATION_STATUSES).map(([value, label]) => ({ value, label })),
      },
    ],
    defaults: () => ({ projectStatus: 'building' }),
  },
  system: {
    noun: '体系节点',
    defaultCategory: 'system',
    fields: [
      { ...f('parentId', '上级节点编号', 'number'), help: '顶层节点留空；子节点填写上级节点在列表中的编号' },
      { ...f('standardNos', '包含的标准编号', 'list'), help: '输入标准编号后按回车，可填多个' },
    ],
    defaults: () => ({ parentId: null, standardNos: [] }),
  },
  xiangshan: {
    noun: '香山之品产品',
    defaultCategory: 'fruit',
    fields: [
      t('enterprise', '企业', true),
      t('product', '产品', true),
      t('standardNo', '执行标准', true),
      t('certificateNo', '证书编号', true),
      f('validFrom', '有效期起', 'date', true),
      f('validTo', '有效期止', 'date', true),
    ],
    publicPath: (id) => `/standard-xsDetail?id=${id}`,
  },
};

export const CONSOLE_SECTIONS: ConsoleSectionConfig[] = (Object.keys(SPECS) as ContentConsoleSection[]).map((name) => {
  const section = CONTENT_CONSOLE_SECTIONS[name];
  return { name, section, label: PORTAL_SECTION_NAMES[section], defaults: () => ({}), ...SPECS[name] };
});

export function consoleSection(name: string | undefined): ConsoleSectionConfig | undefined {
  return CONSOLE_SECTIONS.find((s) => s.name === (name ?? 'news'));
}
