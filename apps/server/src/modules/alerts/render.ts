import { standardStatusLabel } from '@zs/shared';
import { ALERT_KIND_LABELS, WATCH_KIND_LABELS, type WatchKind } from '@zs/shared/api/alerts';
import { statusEmail, unsubscribePageUrl, unsubscribeUrl, type StatusPayload } from './email.ts';
import type { AlertKind } from './preferences.ts';

/**
 * What an outbox row keeps (matching.ts builds it); the status fields only for status changes. A draft for public
 * comment has draftId and deadline, its plan number as standardNo and its project as name, and no standardId.
 */
export interface AlertPayload extends Partial<StatusPayload> {
  standardId?: number;
  standardNo: string;
  name: string;
  draftId?: number;
  /** A draft's comment deadline (ISO). */
  deadline?: string;
  watchKind?: WatchKind;
  watchValue?: string;
  previous?: string | null;
  implementDate?: string;
  days?: number;
}
/** A digest row's payload: the events it folds together, oldest first. */
export interface DigestPayload {
  period: 'daily' | 'weekly';
  items: Array<{ kind: AlertKind; payload: AlertPayload }>;
}

/** A time as Beijing shows it: 2027-03-31 17:00. */
const beijingMinute = (iso: string | undefined) =>
  iso ? new Date(new Date(iso).getTime() + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ') : '';

/** The page an event links to (site-relative): the draft's public page, else the standard's. */
export const eventPath = (kind: AlertKind, p: AlertPayload) =>
  kind === 'consultation_draft' ? `/consultation-detail?id=${p.draftId}` : `/standard-detail?id=${p.standardId}`;
const linkText = (kind: AlertKind) => (kind === 'consultation_draft' ? '查看征求意见稿并提出意见' : '查看标准详情');
const title = (kind: AlertKind, p: AlertPayload) =>
  kind === 'consultation_draft' ? `征求意见稿：${p.name}` : `${ALERT_KIND_LABELS[kind].replace(/（.*）/, '')}：${p.standardNo}`;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** One line saying what happened, the same in the in-site message, the SMS and a digest. */
export function alertLine(kind: AlertKind, p: AlertPayload): string {
  const std = `${p.standardNo} ${p.name}`;
  switch (kind) {
    case 'standard_status':
      return (
        `${std} 状态由「${standardStatusLabel(p.oldStatus ?? '')}」变为「${standardStatusLabel(p.newStatus ?? '')}」` +
        (p.replacedBy ? `，代替标准 ${p.replacedBy}` : '')
      );
    case 'new_edition':
      return `关注的标准有新版本：${std}${p.previous ? `（原关注 ${p.previous}）` : ''}`;
    case 'new_standard':
      return `新标准 ${std}（关注的${p.watchKind ? WATCH_KIND_LABELS[p.watchKind] : ''} ${p.watchValue ?? ''}）`;
    case 'implementation':
      return `${std} 将于 ${p.implementDate} 实施（还有 ${p.days} 天）`;
    case 'consultation_draft':
      return (
        `《${p.name}》（计划号 ${p.standardNo}）公开征求意见，截止 ${beijingMinute(p.deadline)}` +
        `（关注的${p.watchKind ? WATCH_KIND_LABELS[p.watchKind] : ''} ${p.watchValue ?? ''}）`
      );
  }
}

export function siteMessage(kind: AlertKind, p: AlertPayload) {
  return {
    title: title(kind, p),
    body: `${alertLine(kind, p)}。请点击${linkText(kind)}。`,
    link: eventPath(kind, p),
  };
}

/** The SMS (status changes only): short, with the number and the new status. */
export function smsText(p: AlertPayload): string {
  return `【标准服务平台】您关注的标准 ${p.standardNo} 已${standardStatusLabel(p.newStatus ?? '')}${p.replacedBy ? `，代替标准 ${p.replacedBy}` : ''}。`;
}

const headers = (siteUrl: string, token: string) => ({
  'List-Unsubscribe': `<${unsubscribeUrl(siteUrl, token)}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

/** The immediate mail of one event; status changes keep their own, fuller mail (email.ts). */
export function eventEmail(kind: AlertKind, p: AlertPayload, siteUrl: string, token: string) {
  if (kind === 'standard_status') return statusEmail(p as StatusPayload, siteUrl, token);
  const link = `${siteUrl}${eventPath(kind, p)}`;
  const unsub = unsubscribePageUrl(siteUrl, token);
  const line = alertLine(kind, p);
  const text = ['您好：', '', line, '', `${linkText(kind)}：${link}`, '', `不再接收此类邮件（无需登录）：${unsub}`, ''].join(
    '\n',
  );
  const html =
    '<!doctype html><html><head><meta charset="utf-8"></head><body><p>您好：</p>' +
    `<p>${escapeHtml(line)}</p><p><a href="${escapeHtml(link)}">${linkText(kind)}</a></p>` +
    `<p style="color:#888">不再接收此类邮件：<a href="${escapeHtml(unsub)}">退订</a>（无需登录）</p></body></html>`;
  return {
    subject: kind === 'consultation_draft' ? `${title(kind, p)}（${p.standardNo}）` : title(kind, p),
    text,
    html,
    headers: headers(siteUrl, token),
  };
}

/** One mail per user and period listing the events (the unsubscribe link is the first item's kind). */
export function digestEmail(d: DigestPayload, siteUrl: string, token: string) {
  const title = d.period === 'daily' ? '每日标准提醒汇总' : '每周标准提醒汇总';
  const lines = d.items.map((i) => ({
    text: alertLine(i.kind, i.payload),
    link: `${siteUrl}${eventPath(i.kind, i.payload)}`,
  }));
  const unsub = unsubscribePageUrl(siteUrl, token);
  const text = [
    '您好：',
    '',
    `${title}（共 ${lines.length} 条）：`,
    ...lines.map((l, n) => `${n + 1}. ${l.text}\n   ${l.link}`),
    '',
    `不再接收此类邮件（无需登录）：${unsub}`,
    '',
  ].join('\n');
  const html =
    `<!doctype html><html><head><meta charset="utf-8"></head><body><p>您好：</p><p>${title}（共 ${lines.length} 条）：</p><ol>` +
    lines.map((l) => `<li><a href="${escapeHtml(l.link)}">${escapeHtml(l.text)}</a></li>`).join('') +
    `</ol><p style="color:#888">不再接收此类邮件：<a href="${escapeHtml(unsub)}">退订</a>（无需登录）</p></body></html>`;
  return { subject: `${title}：${lines.length} 条`, text, html, headers: headers(siteUrl, token) };
}
