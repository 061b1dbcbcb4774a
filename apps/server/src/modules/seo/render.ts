import { standardLevelLabel, standardNatureLabel, standardStatusLabel } from '@zs/shared';
import type { PageRoute } from '@zs/shared/pages';
import { escapeHtml as e } from '../../lib/html-page.ts';
import { plainText, sanitizeHtml } from '../../lib/sanitize.ts';
import type { ItemRow, Neighbour } from '../portal/index.ts';
import type { standardDetail } from '../standards/index.ts';

/**
 * The main text of a page as plain, escaped HTML (docs/decisions/0078): what a crawler without JavaScript reads.
 * Every value from the database is escaped here; body HTML, already whitelisted when stored, goes through
 * sanitizeHtml again on the way out.
 */
export type StandardView = Awaited<ReturnType<typeof standardDetail>>;
export type ItemView = ItemRow & { prev: Neighbour | null; next: Neighbour | null; categoryName: string | null };

const link = (href: string, text: string) => `<a href="${e(href)}">${e(text)}</a>`;

/** Links to the public landing pages, so every page leads a crawler to the others. */
export function navHtml(pages: readonly PageRoute[]): string {
  return `<nav aria-label="栏目导航"><ul>${pages.map((p) => `<li>${link(p.path, p.title)}</li>`).join('')}</ul></nav>`;
}

/** Up to 160 characters of text, on a character boundary (Chinese counts one per character). */
export function clip(text: string, max = 160): string {
  const chars = [...text.replace(/\s+/g, ' ').trim()];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : chars.join('');
}

export function standardTitle(d: StandardView): string {
  return `${d.standardNo} ${d.nameZh}`;
}

export function standardDescription(d: StandardView): string {
  const parts = [
    `${d.standardNo}《${d.nameZh}》`,
    standardLevelLabel(d.level),
    standardStatusLabel(d.status),
    d.publishDate ? `${d.publishDate} 发布` : '',
    d.implementDate ? `${d.implementDate} 实施` : '',
    d.scope ?? '',
  ];
  return clip(parts.filter(Boolean).join('，'));
}

/** The bibliographic record a visitor may see (docs/product.md §6.4: standard data), as the detail page lists it. */
export function standardMain(d: StandardView, listPath: string, listTitle: string): string {
  const rows: [string, string | null | undefined][] = [
    ['标准号', d.standardNo],
    ['中文名称', d.nameZh],
    ['英文名称', d.nameEn],
    ['标准级别', standardLevelLabel(d.level)],
    ['标准性质', standardNatureLabel(d.nature)],
    ['标准状态', standardStatusLabel(d.status)],
    ['发布日期', d.publishDate],
    ['实施日期', d.implementDate],
    ['废止日期', d.abolishDate],
    ['中国标准分类号（CCS）', d.ccsCode ? `${d.ccsCode}${d.ccsName ? ` ${d.ccsName}` : ''}` : null],
    ['国际标准分类号（ICS）', d.icsCode ? `${d.icsCode}${d.icsNameZh ? ` ${d.icsNameZh}` : ''}` : null],
    ['主管部门', d.department],
    ['归口单位', d.committee],
    ['发布单位', d.issuer],
    ['起草单位', d.draftingUnits],
    ['起草人', d.drafters],
    ['地区', d.region],
    ['适用范围', d.scope],
    ['备注', d.notes],
  ];
  const relation = (r: { label: string; standardNo: string; id: number | null }) =>
    `<li>${e(r.label)}：${r.id ? link(`/standard-detail?id=${r.id}`, r.standardNo) : e(r.standardNo)}</li>`;
  const relations = [...d.replaces, ...d.replacedBy];
  const credit = d.sourceCredit
    ? `<p>数据来源：${e(d.sourceCredit.source)}${d.sourceCredit.licence ? `，${e(d.sourceCredit.licence)}` : ''}</p>`
    : '';
  return (
    `<main><article><h1>${e(standardTitle(d))}</h1>` +
    `<dl>${rows.flatMap(([k, v]) => (v ? [`<dt>${e(k)}</dt><dd>${e(v)}</dd>`] : [])).join('')}</dl>` +
    (relations.length ? `<h2>代替关系</h2><ul>${relations.map(relation).join('')}</ul>` : '') +
    credit +
    `<p>${link(listPath, `返回${listTitle}`)}</p></article></main>`
  );
}

export function itemDescription(item: ItemView, sectionName: string): string {
  const text = plainText(item.summary) || plainText(item.body_html ?? '');
  return clip(text ? `${item.title}：${text}` : `${sectionName}：${item.title}`);
}

/** A published item: title, section, date, the 示例 label of demo content (docs/product.md §12.2), text, neighbours. */
export function itemMain(item: ItemView, sectionName: string, detailPath: string, list: PageRoute | undefined): string {
  const meta = [
    sectionName,
    item.categoryName,
    item.published_at ? `发布日期：${new Date(item.published_at).toISOString().slice(0, 10)}` : null,
    item.source ? `来源：${item.source}` : null,
  ].filter((x): x is string => !!x);
  const neighbour = (label: string, n: Neighbour | null) =>
    `<li>${label}：${n ? link(`${detailPath}?id=${n.id}`, n.title) : '没有了'}</li>`;
  return (
    `<main><article><h1>${e(item.title)}</h1>` +
    (item.demo ? '<p><strong>示例</strong> 本条为示例内容，不是真实信息。</p>' : '') +
    `<p>${meta.map(e).join(' · ')}</p>` +
    (item.summary ? `<p>${e(plainText(item.summary))}</p>` : '') +
    `<div>${sanitizeHtml(item.body_html)}</div>` +
    `<ul>${neighbour('上一篇', item.prev)}${neighbour('下一篇', item.next)}</ul>` +
    (list ? `<p>${link(list.path, `返回${list.title}`)}</p>` : '') +
    '</article></main>'
  );
}

/** A landing page: its title and description, and the newest items of its section when it lists one. */
export function landingMain(
  route: PageRoute,
  description: string,
  items: { id: number; title: string; demo: boolean }[],
  detailPath: string | null,
): string {
  const list =
    detailPath && items.length
      ? `<ul>${items.map((i) => `<li>${link(`${detailPath}?id=${i.id}`, i.title)}${i.demo ? '（示例）' : ''}</li>`).join('')}</ul>`
      : '';
  return `<main><h1>${e(route.title)}</h1><p>${e(description)}</p>${list}</main>`;
}
