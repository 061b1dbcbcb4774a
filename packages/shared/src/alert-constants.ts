/** Alert and watch-list constants without zod, for pages that must stay light (docs/alerts.md). */
export const ALERT_KINDS = ['standard_status', 'new_edition', 'new_standard', 'implementation', 'consultation_draft'] as const;
export const ALERT_CHANNELS = ['site', 'email', 'sms'] as const;
export const ALERT_CADENCES = ['immediate', 'daily', 'weekly'] as const;
export const ALERT_KIND_LABELS: Record<(typeof ALERT_KINDS)[number], string> = {
  standard_status: '状态变更（被代替、废止）',
  new_edition: '关注标准的新版本',
  new_standard: '关注的系列、分类、关键词或单位有新标准',
  implementation: '即将实施',
  consultation_draft: '征求意见稿（关注的关键词或单位）',
};
export const ALERT_CHANNEL_LABELS: Record<(typeof ALERT_CHANNELS)[number], string> = {
  site: '站内消息',
  email: '邮件',
  sms: '短信',
};
export const ALERT_CADENCE_LABELS: Record<(typeof ALERT_CADENCES)[number], string> = {
  immediate: '即时',
  daily: '每日汇总',
  weekly: '每周汇总',
};
/** 即将实施: the days before implementation a user may choose. */
export const ALERT_LEAD_DAYS = [30, 7, 1] as const;

export const WATCH_KINDS = ['standard', 'series', 'ccs', 'ics', 'keyword', 'unit'] as const;
export type WatchKind = (typeof WATCH_KINDS)[number];
export const WATCH_KIND_LABELS: Record<WatchKind, string> = {
  standard: '标准',
  series: '系列（标准号前缀）',
  ccs: 'CCS 分类',
  ics: 'ICS 分类',
  keyword: '标题关键词',
  unit: '起草或归口单位',
};
