import { PORTAL_CATEGORIES, type ActivityKind } from '@zs/shared/portal';
import { attrField, periodField, type ItemDetail, type SectionConfig } from '../../../components/content/index.ts';
import { formatDateTime } from '../../../lib/dates.ts';

/** Detail fields get the ItemDetail; the counts are absent on older answers, then the row is hidden. */
const countOf = (n: number | undefined, unit: string) => (typeof n === 'number' ? `${n} ${unit}` : '');

const base = {
  section: 'activity',
  slug: 'activity',
  listPath: '/activity',
  listTitle: '活动中心',
  detailPath: '/activity-detail',
  searchPlaceholder: '请输入活动名称、地点或主办单位',
  extraFilters: [
    {
      param: 'open',
      label: '报名状态',
      options: [
        { value: 'true', label: '开放报名' },
        { value: 'false', label: '未开放报名' },
      ],
    },
  ],
  listFields: [
    periodField('活动时间', 'startAt', 'endAt', formatDateTime),
    attrField('活动地点', 'place'),
    { label: '报名截止', value: (item) => formatDateTime(item.attrs.signupDeadline) },
    { label: '名额', value: (item) => (typeof item.attrs.seatLimit === 'number' ? `${item.attrs.seatLimit} 人` : '') },
  ],
  detailFields: [
    periodField('活动时间', 'startAt', 'endAt', formatDateTime),
    attrField('活动地点', 'place'),
    attrField('主办单位', 'organiser'),
    { label: '报名截止', value: (item) => formatDateTime(item.attrs.signupDeadline) },
    { label: '名额', value: (item) => (typeof item.attrs.seatLimit === 'number' ? `${item.attrs.seatLimit} 人` : '') },
    { label: '已报名', value: (item) => countOf((item as ItemDetail).signedUp, '人') },
    { label: '剩余名额', value: (item) => countOf((item as ItemDetail).seatsLeft, '个') },
  ],
} satisfies SectionConfig;

/** /activity lists every kind with kind chips; /activity-standard and /activity-enterprise fix one kind. */
export function activityConfig(kind?: ActivityKind) {
  return kind
    ? { ...base, listPath: `/activity-${kind}`, listTitle: kind === 'standard' ? '标准活动' : '企业活动', fixedParams: { kind } }
    : { ...base, categories: PORTAL_CATEGORIES.activity, categoryLabel: '活动类型' };
}
