import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { QUESTION_CATEGORIES, QUESTION_CATEGORY_LABELS, type QuestionCategory } from '@zs/shared/interaction';
import { usePageMeta } from '../../../lib/routeMeta.ts';
import { useRemote } from '../../../lib/useRemote.ts';
import { formatDate } from '../../../lib/dates.ts';
import { EmptyView, ErrorView, LoadingView } from '../../../components/content/StateViews.tsx';
import { Pager } from '../../../components/content/Pager.tsx';
import { FilterSelect, KeywordSearch } from '../../../components/content/FilterParts.tsx';
import '../../../components/content/content.css';
import { interactionApi, type ListFilter } from '../api/interaction.ts';
import { AskSection } from '../components/AskSection.tsx';
import '../components/interaction.css';

const CATEGORIES = QUESTION_CATEGORIES.map((c) => ({ value: c, label: QUESTION_CATEGORY_LABELS[c] }));

/** The filters live in the address, so a filtered list can be shared and Back restores it. */
function filterOf(p: URLSearchParams): ListFilter {
  const category = p.get('category') ?? '';
  return {
    category: (QUESTION_CATEGORIES as readonly string[]).includes(category) ? (category as QuestionCategory) : '',
    keyword: (p.get('keyword') ?? '').slice(0, 100),
    page: Math.max(1, Number(p.get('page')) || 1),
  };
}

/** /interaction (互动交流): answered public questions with search, category and paging, and the ask form. */
export default function InteractionListPage() {
  const meta = usePageMeta();
  const [params, setParams] = useSearchParams();
  const filter = filterOf(params);
  const update = (c: Partial<ListFilter>) => {
    const next = { ...filter, ...c };
    const p = new URLSearchParams();
    if (next.category) p.set('category', next.category);
    if (next.keyword) p.set('keyword', next.keyword);
    if (next.page > 1) p.set('page', String(next.page));
    setParams(p);
  };
  const remote = useRemote(`questions?${params}`, () => interactionApi.list(filter));
  const data = remote.data;

  let body: ReactNode;
  if (remote.error) body = <ErrorView message={remote.error} onRetry={remote.reload} />;
  else if (!data) body = <LoadingView />;
  else if (data.list.length === 0) body = <EmptyView text="暂无已公开的咨询答复" />;
  else
    body = (
      <ul className="item-list">
        {data.list.map((q) => (
          <li key={q.id} className="item-row" data-testid="list-item">
            <div className="item-row-head">
              <span className="item-row-category">{q.categoryName}</span>
              <h3 className="item-row-title">
                <Link to={`/interaction-detail?id=${q.id}`}>{q.title}</Link>
              </h3>
              <time className="item-row-date" dateTime={q.answeredAt}>
                {formatDate(q.answeredAt)}
              </time>
            </div>
          </li>
        ))}
      </ul>
    );

  return (
    <div className="page-container portal-page">
      <div className="portal-page-head">
        <h1 className="page-title">{meta?.title ?? '互动交流'}</h1>
      </div>
      <section className="list-filters" aria-label="筛选条件">
        <KeywordSearch
          value={filter.keyword}
          placeholder="请输入标题、内容或答复中的关键词"
          onSearch={(keyword) => update({ keyword, page: 1 })}
        />
        <div className="qa-filters">
          <FilterSelect
            label="咨询类别"
            options={CATEGORIES}
            value={filter.category}
            onChange={(v) => update({ category: v as ListFilter['category'], page: 1 })}
          />
        </div>
      </section>
      <section className="portal-list" aria-labelledby="qa-list-title" aria-busy={remote.loading}>
        <h2 id="qa-list-title" className="portal-list-total" data-testid="list-total">
          咨询答复{data && !remote.error ? <>（共 {data.total} 条）</> : null}
        </h2>
        {body}
        {data && <Pager page={filter.page} pageSize={10} total={data.total} onChange={(page) => update({ page })} />}
      </section>
      <AskSection />
    </div>
  );
}
