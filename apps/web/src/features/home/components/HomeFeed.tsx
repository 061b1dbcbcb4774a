import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { get } from '../../../lib/http.ts';
import { useRemote } from '../../../lib/useRemote.ts';
import { DemoTag } from '../../../components/content/DemoTag.tsx';
import { formatDate } from '../../../lib/dates.ts';
import type { ItemSummary, Paged } from '../../../components/content/types.ts';

interface Props {
  title: string;
  /** API slug and extra query, e.g. 'news' and 'category=policy'. */
  slug: string;
  query?: string;
  size: number;
  morePath: string;
  detailPath: string;
  /** Second line under the title. */
  sub?: (item: ItemSummary) => ReactNode;
  testId?: string;
}

/** The newest items of one section on the landing page (plain markup: the landing page stays light). */
export function HomeFeed({ title, slug, query, size, morePath, detailPath, sub, testId }: Props) {
  const url = `/portal/${slug}?size=${size}${query ? `&${query}` : ''}`;
  const remote = useRemote(url, () => get<Paged<ItemSummary>>(url));
  const list = remote.data?.list;
  return (
    <section className="home-block" aria-label={title} data-testid={testId}>
      <div className="home-block-head">
        <h2 className="home-section-heading">{title}</h2>
        <Link to={morePath} aria-label={`${title}：更多`}>
          更多 »
        </Link>
      </div>
      {remote.error ? (
        <p className="home-state" role="status">
          {remote.error}
          <button type="button" className="link-button" onClick={remote.reload}>
            重试
          </button>
        </p>
      ) : !list ? (
        <p className="home-state">正在加载…</p>
      ) : list.length === 0 ? (
        <p className="home-state">暂无数据</p>
      ) : (
        <ul className="home-feed">
          {list.map((item) => (
            <li key={item.id}>
              <Link to={`${detailPath}?id=${item.id}`} className="home-feed-title">
                {item.title}
              </Link>
              {item.demo && <DemoTag />}
              <span className="home-feed-sub">
                {sub ? (
                  sub(item)
                ) : (
                  <>
                    {item.categoryName}
                    <time dateTime={item.publishedAt}>{formatDate(item.publishedAt)}</time>
                  </>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
