import { standardStatusLabel } from '@zs/shared';

/** What an alert mail about a status change says, stored in the outbox row when it is queued. */
export interface StatusPayload {
  standardId: number;
  standardNo: string;
  name: string;
  oldStatus: string;
  newStatus: string;
  replacedBy: string | null;
  /** The replacing record's id (absent in rows queued before it was stored: then the link is a search). */
  replacedById?: number | null;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The List-Unsubscribe address of a preference row: the mail client's one-click POST (RFC 8058) unsubscribes there.
 * A GET of it changes nothing (mail scanners open links), it only tells the state.
 */
export const unsubscribeUrl = (siteUrl: string, token: string) => `${siteUrl}/api/alerts/unsubscribe?token=${token}`;
/** The link a reader clicks in the mail: a page of the web app with a button that POSTs to the address above. */
export const unsubscribePageUrl = (siteUrl: string, token: string) => `${siteUrl}/alerts-unsubscribe?token=${token}`;

/**
 * The mail of one status change (issue 27): the standard's number, title, old and new status, the replacement and
 * the links, as plain text and HTML, with the List-Unsubscribe headers of RFC 2369 / RFC 8058.
 */
export function statusEmail(p: StatusPayload, siteUrl: string, unsubscribeToken: string) {
  const label = standardStatusLabel;
  const link = `${siteUrl}/standard-detail?id=${p.standardId}`;
  // The replacing record's own page; a search by its number only for rows queued before its id was kept.
  const replacementLink = !p.replacedBy
    ? null
    : p.replacedById
      ? `${siteUrl}/standard-detail?id=${p.replacedById}`
      : `${siteUrl}/standard-search?keyword=${encodeURIComponent(p.replacedBy)}`;
  const unsub = unsubscribePageUrl(siteUrl, unsubscribeToken);
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
    `不再接收此类邮件（打开链接后点击“确认退订”，无需登录）：${unsub}`,
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
    `<p style="color:#888">不再接收此类邮件：<a href="${escapeHtml(unsub)}">退订</a>（无需登录）</p></body></html>`;
  return {
    subject,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${unsubscribeUrl(siteUrl, unsubscribeToken)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
