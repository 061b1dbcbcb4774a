import { useSearchParams } from 'react-router';
import { BatchCheck } from '../components/BatchCheck.tsx';
import { StandardSearch } from '../components/StandardSearch.tsx';
import { ALL_REGIONS } from '../lib/regions.ts';

const TABS = [
  { key: 'search', label: '标准检索' },
  { key: 'batch', label: '批量查询' },
] as const;

export default function StandardSearchPage() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'batch' ? 'batch' : 'search';
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
            onClick={() => setParams(t.key === 'batch' ? { tab: 'batch' } : {})}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`std-panel-${tab}`} aria-labelledby={`std-tab-${tab}`}>
        {tab === 'batch' ? (
          <BatchCheck detailPath="/standard-detail" />
        ) : (
          <StandardSearch regions={ALL_REGIONS} detailPath="/standard-detail" />
        )}
      </div>
    </div>
  );
}
