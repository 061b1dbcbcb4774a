import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { StandardSearch } from '../components/StandardSearch.tsx';
import { ALL_REGIONS } from '../lib/regions.ts';

// The batch tab is opened by few visitors: it loads on demand so the search page stays within
// its 200 KB first-load budget (docs/decisions/0030).
const BatchCheck = lazy(() => import('../components/BatchCheck.tsx').then((m) => ({ default: m.BatchCheck })));
// The document check likewise (issue 26): its code and styles load only when its tab opens.
const DocumentCheck = lazy(() => import('../components/DocumentCheck.tsx').then((m) => ({ default: m.DocumentCheck })));

const TABS = [
  { key: 'search', label: '标准检索' },
  { key: 'batch', label: '批量查询' },
  { key: 'document', label: '文档核查' },
] as const;
type TabKey = (typeof TABS)[number]['key'];

export default function StandardSearchPage() {
  const [params, setParams] = useSearchParams();
  const tab: TabKey = TABS.find((t) => t.key === params.get('tab'))?.key ?? 'search';
  return (
    <div className="page-container std-page">
      <h1 className="std-page-title">标准检索</h1>
      <div role="tablist" aria-label="检索方式" className="std-tabs">
        {TABS.map((t) => (
          <button
            key={t.key}
            type="button"
            role="tab"
            id={`std-tab-${t.key}`}
            aria-selected={tab === t.key}
            aria-controls={`std-panel-${t.key}`}
            className={tab === t.key ? 'std-tab std-tab-active' : 'std-tab'}
            onClick={() => setParams(t.key === 'search' ? {} : { tab: t.key })}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`std-panel-${tab}`} aria-labelledby={`std-tab-${tab}`}>
        {tab === 'document' ? (
          <Suspense fallback={<p className="std-batch-loading">正在加载文档核查…</p>}>
            <DocumentCheck detailPath="/standard-detail" />
          </Suspense>
        ) : tab === 'batch' ? (
          <Suspense fallback={<p className="std-batch-loading">正在加载批量查询…</p>}>
            <BatchCheck detailPath="/standard-detail" />
          </Suspense>
        ) : (
          <StandardSearch regions={ALL_REGIONS} detailPath="/standard-detail" />
        )}
      </div>
      {/* Atom feeds (docs/alerts.md): a feed reader is told of new standards and status changes without an account. */}
      <p className="feed-links">
        <a href="/api/feeds/standards.atom" type="application/atom+xml">
          订阅新发布标准（Atom）
        </a>
        {' · '}
        <a href="/api/feeds/status.atom" type="application/atom+xml">
          订阅标准状态变更（Atom）
        </a>
      </p>
    </div>
  );
}
