import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { usePageMeta } from '../../../lib/routeMeta.ts';
import { useRemote } from '../../../lib/useRemote.ts';
import { EmptyView, ErrorView, LoadingView } from '../../../components/content/StateViews.tsx';
import { Pager } from '../../../components/content/Pager.tsx';
import '../../../components/content/content.css';
import { consultationApi, type ListFilter } from '../api/consultation.ts';
import { ConsultationFilters } from '../components/ConsultationFilters.tsx';
import { PeriodBadge } from '../components/PeriodBadge.tsx';
import { periodText } from '../lib/format.ts';
import '../components/consultation.css';

const STATES = ['open', 'closed', 'all'] as const;
const KINDS = ['local', 'group', 'xiangshan'] as const;

/** The filters live in the address, so a filtered list can be shared and Back restores it. */
function filterOf(p: URLSearchParams): ListFilter {
  const state = p.get('state') ?? '';
  const kind = p.get('kind') ?? '';
  const year = p.get('year') ?? '';
  return {
    state: (STATES as readonly string[]).includes(state) ? (state as ListFilter['state']) : 'all',
    kind: (KINDS as readonly string[]).includes(kind) ? (kind as ListFilter['kind']) : '',
    year: /^\d{4}$/.test(year) ? year : '',
    keyword: (p.get('keyword') ?? '').slice(0, 100),
    page: Math.max(1, Number(p.get('page')) || 1),
  };
}

/** /consultation: drafts for public comment, open ones first (docs/product.md 征求意见). */
export default function ConsultationListPage() {
  const meta = usePageMeta();
  const [params, setParams] = useSearchParams();
  const filter = filterOf(params);
  const update = (c: Partial<ListFilter>) => {
    const next = { ...filter, ...c };
    const p = new URLSearchParams();
    for (const [k, v] of Object.entries(next)) if (v !== '' && v !== 'all' && !(k === 'page' && v === 1)) p.set(k, String(v));
    setParams(p);
  };
  const remote = useRemote(`consultations?${params}`, () => consultationApi.list(filter));
  const data = remote.data;

  let body: ReactNode;
  if (remote.error) body = <ErrorView message={remote.error} onRetry={remote.reload} />;
  else if (!data) body = <LoadingView />;
  else if (data.list.length === 0) body = <EmptyView text="暂无征求意见稿" />;
  else
    body = (
      <ul className="item-list">
        {data.list.map((d) => (
          <li key={d.id} className="item-row cons-row" data-testid="list-item">
            <div className="item-row-head">
              <span className="item-row-category">{d.kindName}</span>
              <h2 className="item-row-title">
                <Link to={`/consultation-detail?id=${d.id}`}>{d.projectName}</Link>
              </h2>
              <PeriodBadge draft={d} />
            </div>
            <dl className="cons-facts">
              <div>
                <dt>计划号</dt>
                <dd>{d.planNo}</dd>
              </div>
              <div>
                <dt>归口单位</dt>
                <dd>{d.responsibleUnit}</dd>
              </div>
              <div>
                <dt>征求意见期</dt>
                <dd>{periodText(d)}</dd>
              </div>
              <div>
                <dt>已收到意见</dt>
                <dd>{d.commentCount} 条</dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
    );

  return (
    <div className="page-container portal-page">
      <div className="portal-page-head">
        <h1 className="page-title">{meta?.title ?? '征求意见'}</h1>
      </div>
      <p className="cons-intro">
        地方标准（DB4420/T）、团体标准与香山之品评价规范在批准发布前公开征求意见。登录后可在截止时间前逐条提出意见，截止后由标准化主管部门逐条处理并告知结果。
      </p>
      <ConsultationFilters key={filter.keyword} value={filter} update={update} />
      <section className="portal-list" aria-label="列表" aria-busy={remote.loading}>
        {data && !remote.error && (
          <p className="portal-list-total" data-testid="list-total">
            共 <strong>{data.total}</strong> 条
          </p>
        )}
        {body}
        {data && <Pager page={filter.page} pageSize={10} total={data.total} onChange={(page) => update({ page })} />}
      </section>
    </div>
  );
}
