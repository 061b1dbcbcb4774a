import { normalizeStandardNo, standardStatusLabel } from '@zs/shared';
import { SITE_NAME } from '@zs/shared/pages';
import type { Database } from '../../db/client.ts';
import { badRequest } from '../../lib/envelope.ts';
import { listItems, SECTIONS } from '../portal/index.ts';
import { newStandardFeedRows, statusChangeFeedRows, type FeedFilter, type FeedStandardRow } from '../standards/index.ts';
import { rfc3339, type AtomEntry, type AtomFeed } from './atom.ts';

/** Entries per feed: enough for a reader polling daily, small enough to build on every request. */
export const FEED_SIZE = 50;

/** The series as the catalogue stores it (`db4420/t` → `DB4420/T`); a text that is no series is refused in Chinese. */
export function seriesPrefix(series: string | undefined): string | undefined {
  if (series === undefined) return undefined;
  const parsed = normalizeStandardNo(`${series} 1`);
  if (!parsed) throw badRequest('标准系列格式不正确，例如 DB4420/T、GB/T');
  return parsed.prefix;
}

const day = (d: string | null) => d ?? '—';
const label = standardStatusLabel;

function standardEntry(origin: string, s: FeedStandardRow): AtomEntry {
  const link = `${origin}/standard-detail?id=${s.id}`;
  const classes = [s.ccs_code && `CCS ${s.ccs_code}`, s.ics_code && `ICS ${s.ics_code}`].filter(Boolean) as string[];
  return {
    id: link,
    title: `${s.standard_no} ${s.name_zh}`,
    updated: rfc3339(s.updated_at),
    link,
    summary:
      `${s.standard_no}《${s.name_zh}》，状态：${label(s.status)}，发布日期：${day(s.publish_date)}，实施日期：${day(s.implement_date)}` +
      (s.issuer ? `，发布单位：${s.issuer}` : '') +
      (classes.length ? `，分类：${classes.join('、')}` : '') +
      '。',
    categories: classes,
  };
}

/** What a filter says in a title: `DB4420/T`, `CCS P32`, `ICS 91.140`. */
function filterName(f: FeedFilter): string {
  return [f.prefix, f.ccs && `CCS ${f.ccs}`, f.ics && `ICS ${f.ics}`].filter(Boolean).join(' ');
}

export async function standardsFeed(db: Database, origin: string, self: string, f: FeedFilter): Promise<AtomFeed> {
  const rows = await newStandardFeedRows(db, f, FEED_SIZE);
  const name = filterName(f);
  return {
    self,
    title: `新发布标准${name ? `：${name}` : ''} - ${SITE_NAME}`,
    subtitle: `按发布日期排列的最新${FEED_SIZE}条标准${name ? `（${name}）` : ''}`,
    alternate: `${origin}/standard-search${f.prefix ? `?keyword=${encodeURIComponent(f.prefix)}` : ''}`,
    author: SITE_NAME,
    entries: rows.map((s) => standardEntry(origin, s)),
  };
}

export async function statusFeed(db: Database, origin: string, self: string, f: FeedFilter): Promise<AtomFeed> {
  const rows = await statusChangeFeedRows(db, f, FEED_SIZE);
  const name = filterName(f);
  return {
    self,
    title: `标准状态变更${name ? `：${name}` : ''} - ${SITE_NAME}`,
    subtitle: '标准被代替、废止等状态变更，附代替标准',
    alternate: `${origin}/standard-search`,
    author: SITE_NAME,
    entries: rows.map((h) => {
      const link = `${origin}/standard-detail?id=${h.id}`;
      const replacement = h.replaced_by_no
        ? `，代替标准：${h.replaced_by_no}${h.replaced_by_name ? `《${h.replaced_by_name}》` : ''}（${origin}/standard-detail?id=${h.replaced_by_id}）`
        : '';
      return {
        id: `${link}#status-${h.history_id}`,
        title: `${h.standard_no} ${h.name_zh}：${label(h.old_status ?? '')} → ${label(h.new_status)}`,
        updated: rfc3339(h.changed_at),
        link,
        summary:
          `${h.standard_no}《${h.name_zh}》状态由「${label(h.old_status ?? '')}」变为「${label(h.new_status)}」` +
          (h.effective_date ? `，生效日期：${h.effective_date}` : '') +
          replacement +
          (h.reason ? `，原因：${h.reason}` : '') +
          '。',
        categories: [label(h.new_status)],
      };
    }),
  };
}

export async function newsFeed(db: Database, origin: string, self: string): Promise<AtomFeed> {
  const page = await listItems(db, SECTIONS.news, { filters: [], page: 1, size: FEED_SIZE });
  // The list puts pinned items first; a feed reads newest first.
  const items = [...page.list].sort((a, b) =>
    a.publishedAt < b.publishedAt ? 1 : a.publishedAt > b.publishedAt ? -1 : b.id - a.id,
  );
  return {
    self,
    title: `政策资讯 - ${SITE_NAME}`,
    subtitle: '标准化政策法规、通知公告与工作动态',
    alternate: `${origin}/news`,
    author: SITE_NAME,
    entries: items.map((n) => {
      const link = `${origin}/news-detail?id=${n.id}`;
      return {
        id: link,
        // Demo content is labelled as such wherever it is shown.
        title: `${n.demo && !n.title.startsWith('【示例】') ? '【示例】' : ''}${n.title}`,
        updated: rfc3339(n.publishedAt),
        link,
        summary: n.summary ?? n.title,
        ...(n.categoryName ? { categories: [n.categoryName] } : {}),
      };
    }),
  };
}
