import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Remote } from '../../../lib/useRemote.ts';
import { useHiddenPages } from '../../../lib/siteInfo.ts';
import { DemoTag } from '../../../components/content/DemoTag.tsx';
import { formatDate } from '../../../lib/dates.ts';
import type { ItemSummary } from '../../../components/content/types.ts';

/** The home page's one answer: each block's items, pinned ones first (docs/decisions/0060). */
type HomeBlocks = Record<string, ItemSummary[]>;

interface Props {
  title: string;
  /** The block's key in the home answer (news, service, activity, training). */
  block: string;
  remote: Remote<HomeBlocks>;
  morePath: string;
  detailPath: string;
  /** Second line under the title. */
  sub?: (item: ItemSummary) => ReactNode;
  testId?: string;
}

/**
 * One block of the landing page: the items operators pinned, then the newest of the section (plain
 * markup: the landing page stays light).
 */
export function HomeFeed({ title, block, remote, morePath, detailPath, sub, testId }: Props) {
  const list = remote.data?.[block];
  // 隐藏空栏目 (decisions/0088): the block of a section with nothing published is left out, not shown as 暂无数据.
  if (useHiddenPages().has(morePath)) return null;
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
