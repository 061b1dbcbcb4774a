import { callApi } from '../../../lib/http.ts';
import { useRemote } from '../../../lib/useRemote.ts';
import { ErrorView, LoadingView, SafeHtml } from '../../../components/content/index.ts';
import { formatDate } from '../../../lib/dates.ts';

/**
 * 用户服务协议与隐私政策 (opened from the footer in a new tab with ?type=1). The agreement and the
 * privacy policy are one document, so every type shows the same page.
 */
export default function PrivacyPage() {
  const remote = useRemote('page-privacy', () => callApi('GET /api/portal/pages/:slug', { params: { slug: 'privacy' } }));
  const page = remote.data;
  return (
    <div className="page-container portal-page privacy-page">
      {remote.error ? (
        <ErrorView message={remote.error} onRetry={remote.reload} />
      ) : !page ? (
        <LoadingView rows={12} />
      ) : (
        <article className="detail-article">
          <h1 className="detail-title privacy-title">{page.title}</h1>
          {page.updatedAt && <p className="detail-meta">更新日期：{formatDate(page.updatedAt)}</p>}
          <SafeHtml html={page.bodyHtml} />
        </article>
      )}
    </div>
  );
}
