import type { ConsultationSummary } from '../api/consultation.ts';
import { formatDateTime } from '../../../lib/dates.ts';

/** 征集中（剩 3 天）/ 今日截止 / 未开始 / 已截止, for a draft's period as the server counted it (Asia/Shanghai). */
export function periodState(d: Pick<ConsultationSummary, 'open' | 'daysLeft'>): {
  label: string;
  tone: 'open' | 'soon' | 'closed';
} {
  if (d.open)
    return d.daysLeft === 0 ? { label: '今日截止', tone: 'soon' } : { label: `征集中（剩 ${d.daysLeft} 天）`, tone: 'open' };
  // Not open while the deadline is still ahead: the period has not begun.
  if (d.daysLeft !== null) return { label: '未开始', tone: 'soon' };
  return { label: '已截止', tone: 'closed' };
}

/** 2027-03-01 09:00 至 2027-03-31 17:00（北京时间） */
export const periodText = (d: Pick<ConsultationSummary, 'startsAt' | 'deadline'>) =>
  `${formatDateTime(d.startsAt)} 至 ${formatDateTime(d.deadline)}（北京时间）`;
