import { standardStatusLabel } from '@zs/shared';

/** What an alert mail about a status change says, stored in the outbox row when it is queued. */
export interface StatusPayload {
  standardId: number;
  standardNo: string;
  name: string;
  oldStatus: string;
  newStatus: string;
  replacedBy: string | null;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The one-click unsubscribe address of a preference row (RFC 8058: the same URL takes the mail client's POST). */
export const unsubscribeUrl = (siteUrl: string, token: string) => `${siteUrl}/api/alerts/unsubscribe?token=${token}`;

/**
 * The mail of one status change (issue 27): the standard's number, title, old and new status, the replacement and
 * the links, as plain text and HTML, with the List-Unsubscribe headers of RFC 2369 / RFC 8058.
 */
export function statusEmail(p: StatusPayload, siteUrl: string, unsubscribeToken: string) {
  const label = standardStatusLabel;
  const link = `${siteUrl}/standard-detail?id=${p.standardId}`;
  const replacementLink = p.replacedBy ? `${siteUrl}/standard-search?keyword=${encodeURIComponent(p.replacedBy)}` : null;
  const unsub = unsubscribeUrl(siteUrl, unsubscribeToken);
  const subject = `标准状态变更：${p.standardNo} ${label(p.oldStatus)} → ${label(p.newStatus)}`;
  const text = [
    '您好：',
    '',
    `您收藏的标准状态已变更：`,
    `  标准号：${p.standardNo}`,
    `  标准名称：${p.name}`,
    `  原状态：${label(p.oldStatus)}`,
    `  新状态：${label(p.newStatus)}`,
    ...(p.replacedBy ? [`  代替标准：${p.replacedBy}（${replacementLink}）`] : []),
    '',
    `查看标准详情：${link}`,
    '',
    `不再接收此类邮件（一键退订，无需登录）：${unsub}`,
    '',
  ].join('\n');
  const row = (k: string, v: string) => `<tr><th align="left">${k}</th><td>${v}</td></tr>`;
  const html =
    '<!doctype html><html><head><meta charset="utf-8"></head><body>' +
    '<p>您好：</p><p>您收藏的标准状态已变更：</p><table>' +
    row('标准号', escapeHtml(p.standardNo)) +
    row('标准名称', escapeHtml(p.name)) +
    row('原状态', escapeHtml(label(p.oldStatus))) +
    row('新状态', escapeHtml(label(p.newStatus))) +
    (p.replacedBy ? row('代替标准', `<a href="${escapeHtml(replacementLink!)}">${escapeHtml(p.replacedBy)}</a>`) : '') +
    `</table><p><a href="${escapeHtml(link)}">查看标准详情</a></p>` +
    `<p style="color:#888">不再接收此类邮件：<a href="${escapeHtml(unsub)}">一键退订</a>（无需登录）</p></body></html>`;
  return {
    subject,
    text,
    html,
    headers: { 'List-Unsubscribe': `<${unsub}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
