import { useSearchParams } from 'react-router';
import { useRemote } from '../../../lib/useRemote.ts';
import { ErrorView, LoadingView } from '../../../components/content/StateViews.tsx';
import '../../../components/content/content.css';
import { consultationApi } from '../api/consultation.ts';
import { CommentSection } from '../components/CommentSection.tsx';
import { DraftDocuments } from '../components/DraftDocuments.tsx';
import { PeriodBadge } from '../components/PeriodBadge.tsx';
import { SummaryTable } from '../components/SummaryTable.tsx';
import { periodText } from '../lib/format.ts';
import '../components/consultation.css';

/** /consultation-detail?id=: the draft, its documents in the reader, the deadline, comments and the published table. */
export default function ConsultationDetailPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const remote = useRemote(valid ? `consultation:${id}` : null, () => consultationApi.detail(id));
  const d = remote.data;

  if (!valid || remote.notFound) return <Missing />;
  if (remote.error)
    return (
      <div className="page-container">
        <ErrorView message={remote.error} onRetry={remote.reload} />
      </div>
    );
  if (!d)
    return (
      <div className="page-container">
        <LoadingView />
      </div>
    );
  return (
    <article className="page-container portal-page cons-detail">
      <h1 className="page-title">{d.projectName}</h1>
      <p className="cons-detail-state">
        <PeriodBadge draft={d} />
        <span data-testid="comment-count">已收到意见 {d.commentCount} 条</span>
      </p>
      <dl className="cons-facts cons-facts-detail">
        <div>
          <dt>标准类型</dt>
          <dd>{d.kindName}</dd>
        </div>
        <div>
          <dt>计划号</dt>
          <dd>{d.planNo}</dd>
        </div>
        <div>
          <dt>起草单位</dt>
          <dd>{d.draftingUnits}</dd>
        </div>
        <div>
          <dt>归口单位</dt>
          <dd>{d.responsibleUnit}</dd>
        </div>
        <div>
          <dt>征求意见期</dt>
          <dd data-testid="period">{periodText(d)}</dd>
        </div>
        <div>
          <dt>联系方式</dt>
          <dd>{d.contact}</dd>
        </div>
      </dl>
      <section className="cons-section" aria-labelledby="cons-docs-title">
        <h2 id="cons-docs-title">征求意见文件</h2>
        <DraftDocuments draft={d} />
      </section>
      <CommentSection draft={d} onCountChanged={remote.reload} />
      {d.summaryTable && <SummaryTable rows={d.summaryTable} />}
    </article>
  );
}

function Missing() {
  return (
    <div className="page-container portal-page">
      <h1 className="page-title">征求意见稿不存在</h1>
      <p>
        该征求意见稿不存在或已下线。<a href="/consultation">返回征求意见列表</a>
      </p>
    </div>
  );
}
