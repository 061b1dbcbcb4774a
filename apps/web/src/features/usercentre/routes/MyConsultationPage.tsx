import { Link, useSearchParams } from 'react-router';
import { outcomeText } from '@zs/shared/consultation';
import { callApi } from '../../../lib/http.ts';
import { useRemote } from '../../../lib/useRemote.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { EmptyView, ErrorView, LoadingView } from '../../../components/content/StateViews.tsx';
import { Pager } from '../../../components/content/Pager.tsx';
import { UserCentreLayout } from '../components/UserCentreLayout.tsx';

const SIZE = 20;

/** /my-consultation (我的意见): every comment the user sent on drafts for public comment, newest first, with its outcome. */
export default function MyConsultationPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const remote = useRemote(`my-consultation:${page}`, () =>
    callApi('GET /api/user/consultation-comments', { query: { page, size: SIZE } }),
  );
  const data = remote.data;
  return (
    <UserCentreLayout title="我的意见">
      {remote.error ? (
        <ErrorView message={remote.error} onRetry={remote.reload} />
      ) : !data ? (
        <LoadingView />
      ) : data.list.length === 0 ? (
        <EmptyView text="您还没有对征求意见稿提出过意见" />
      ) : (
        <ul className="item-list">
          {data.list.map((c) => (
            <li key={c.id} className="item-row" data-testid="my-comment">
              <div className="item-row-head">
                <h2 className="item-row-title">
                  <Link to={`/consultation-detail?id=${c.draftId}`}>{c.projectName}</Link>
                </h2>
                <time className="item-row-date" dateTime={c.createdAt}>
                  {formatDateTime(c.createdAt)}
                </time>
              </div>
              <p className="item-row-summary">
                章条 {c.clause}：{c.content}
              </p>
              <p className="item-row-summary" data-testid="my-comment-outcome">
                处理结果：{c.decision ? outcomeText(c.decision, c.decisionReason) : '待处理'}
              </p>
            </li>
          ))}
        </ul>
      )}
      {data && <Pager page={page} pageSize={SIZE} total={data.total} onChange={(p) => setParams({ page: String(p) })} />}
    </UserCentreLayout>
  );
}
