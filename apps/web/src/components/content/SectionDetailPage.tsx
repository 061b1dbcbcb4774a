import { useEffect, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useSession } from '../../lib/session.ts';
import { useRemote } from '../../lib/useRemote.ts';
import { portalApi } from './api.ts';
import { Attachments } from './Attachments.tsx';
import { DemoTag } from './DemoTag.tsx';
import { formatDate } from '../../lib/dates.ts';
import { detailHref, safeUrl } from './format.ts';
import { SafeHtml } from './SafeHtml.tsx';
import { ShareLinkButton } from './ShareLinkButton.tsx';
import { EmptyView, ErrorView, LoadingView } from './StateViews.tsx';
import type { ItemDetail, SectionConfig } from './types.ts';
import { FieldList } from './FieldList.tsx';

interface Props {
  config: SectionConfig & { detailPath: string };
  /** Slot for item actions such as the collect button (built by the collections work). */
  actions?: (item: ItemDetail) => ReactNode;
  /** Section-specific block below the fields (apply form, sign-up, downloads). */
  extra?: (item: ItemDetail) => ReactNode;
}

const MAX_CRUMB = 30;

/** The one detail page of every portal section. */
export function SectionDetailPage({ config, actions, extra }: Props) {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const remote = useRemote(id ? `${config.slug}/${id}` : null, () => portalApi.item(config.slug, id));
  const item = remote.data;

  // Breadcrumb: 首页 / the section's list / this item (the route table alone has no list parent for some details).
  useEffect(() => {
    if (!item) return;
    const title = item.title.length > MAX_CRUMB ? `${item.title.slice(0, MAX_CRUMB)}…` : item.title;
    useSession
      .getState()
      .setBreadcrumbList([{ title: '首页', path: '/home' }, { title: config.listTitle, path: config.listPath }, { title }]);
  }, [item, config.listTitle, config.listPath]);

  let body: ReactNode;
  if (!id) body = <EmptyView text="未指定要查看的内容" />;
  else if (remote.error)
    body = remote.notFound ? <EmptyView text={remote.error} /> : <ErrorView message={remote.error} onRetry={remote.reload} />;
  else if (!item) body = <LoadingView rows={8} />;
  else body = <DetailBody item={item} config={config} actions={actions} extra={extra} />;

  return (
    <div className="page-container portal-page portal-detail" data-section={config.section}>
      {body}
      <p className="detail-back">
        <Link to={config.listPath}>返回{config.listTitle}</Link>
      </p>
    </div>
  );
}

function DetailBody({
  item,
  config,
  actions,
  extra,
}: { item: ItemDetail } & Omit<Props, 'config'> & { config: Props['config'] }) {
  const original = safeUrl(item.sourceUrl) ?? safeUrl(item.attrs.officialUrl);
  return (
    <article className="detail-article">
      <header className="detail-header">
        <h1 className="detail-title">
          {item.title}
          {item.demo && <DemoTag />}
        </h1>
        <p className="detail-meta">
          {item.categoryName && <span>栏目：{item.categoryName}</span>}
          {item.source && <span>来源：{item.source}</span>}
          <span>发布日期：{formatDate(item.publishedAt)}</span>
        </p>
        <div className="detail-actions">
          <ShareLinkButton />
          {actions?.(item)}
        </div>
      </header>
      <FieldList item={item} fields={config.detailFields} className="detail-fields" />
      {extra?.(item)}
      {item.bodyHtml ? <SafeHtml html={item.bodyHtml} /> : item.summary && <p className="rich-text">{item.summary}</p>}
      <Attachments item={item} slug={config.slug} />
      {original && (
        <p className="detail-original">
          原文链接：
          <a href={original} target="_blank" rel="noopener noreferrer">
            {original}
          </a>
        </p>
      )}
      <nav className="detail-neighbours" aria-label="上一篇和下一篇">
        <span>
          上一篇：{item.prev ? <Link to={detailHref(config.detailPath, item.prev.id)}>{item.prev.title}</Link> : '没有了'}
        </span>
        <span>
          下一篇：{item.next ? <Link to={detailHref(config.detailPath, item.next.id)}>{item.next.title}</Link> : '没有了'}
        </span>
      </nav>
    </article>
  );
}
