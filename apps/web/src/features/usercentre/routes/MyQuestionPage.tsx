import { Link, useSearchParams } from 'react-router';
import { QUESTION_RATING_LABELS, QUESTION_RATINGS, type QuestionRating } from '@zs/shared/interaction';
import { callApi } from '../../../lib/http.ts';
import { useRemote } from '../../../lib/useRemote.ts';
import { useSubmit } from '../../../lib/useSubmit.ts';
import { formatDate, formatDateTime } from '../../../lib/dates.ts';
import { EmptyView, ErrorView, LoadingView } from '../../../components/content/StateViews.tsx';
import { Pager } from '../../../components/content/Pager.tsx';
import { UserCentreLayout } from '../components/UserCentreLayout.tsx';

const SIZE = 20;
/** The deadline is the instant the last working day ends; the day shown is that last day. */
const lastDay = (deadline: string) => formatDate(new Date(Date.parse(deadline) - 1).toISOString());

/** /my-question (我的咨询): the user's questions with their state, the answer or 转办, and the rating of an answer. */
export default function MyQuestionPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const remote = useRemote(`my-question:${page}`, () => callApi('GET /api/user/questions', { query: { page, size: SIZE } }));
  const { busy, submit } = useSubmit();
  const rate = async (id: number, rating: QuestionRating) => {
    const done = await submit(
      () => callApi('POST /api/user/questions/:id/rating', { params: { id: String(id) }, body: { rating } }),
      {
        success: '感谢您的评价',
      },
    );
    if (done) remote.reload();
  };
  const data = remote.data;
  return (
    <UserCentreLayout title="我的咨询">
      <p>
        <Link to="/interaction" className="tap-link">
          去互动交流提问
        </Link>
      </p>
      {remote.error ? (
        <ErrorView message={remote.error} onRetry={remote.reload} />
      ) : !data ? (
        <LoadingView />
      ) : data.list.length === 0 ? (
        <EmptyView text="您还没有提交过咨询" />
      ) : (
        <ul className="item-list">
          {data.list.map((q) => (
            <li key={q.id} className="item-row" data-testid="my-question">
              <div className="item-row-head">
                <span className="item-row-category">{q.categoryName}</span>
                <h2 className="item-row-title">{q.title}</h2>
                <span className="item-row-date" data-testid="question-state">
                  {q.stateName}
                </span>
              </div>
              <p className="item-row-summary" style={{ whiteSpace: 'pre-wrap' }}>
                {q.content}
              </p>
              <p className="item-row-summary">
                提交于 {formatDateTime(q.askedAt)}，{q.isPublic ? '公开' : '不公开'}；答复期限 {lastDay(q.deadline)}
              </p>
              {q.answer !== null && (
                <div data-testid="question-answer">
                  <p className="item-row-summary" style={{ whiteSpace: 'pre-wrap' }}>
                    <strong>答复：</strong>
                    {q.answer}
                  </p>
                  {q.rating ? (
                    <p className="item-row-summary">您的评价：{QUESTION_RATING_LABELS[q.rating]}</p>
                  ) : (
                    <p className="item-row-summary" role="group" aria-label={`评价“${q.title}”的答复`}>
                      评价答复：
                      {QUESTION_RATINGS.map((r) => (
                        <button
                          key={r}
                          type="button"
                          className="btn btn-small"
                          disabled={busy}
                          onClick={() => void rate(q.id, r)}
                        >
                          {QUESTION_RATING_LABELS[r]}
                        </button>
                      ))}
                    </p>
                  )}
                </div>
              )}
              {q.state === 'forwarded' && (
                <p className="item-row-summary">
                  已转交{q.forwardUnit}办理{q.forwardNote ? `：${q.forwardNote}` : ''}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
      {data && (
        <Pager
          page={page}
          pageSize={SIZE}
          total={data.total}
          onChange={(p) => setParams(p > 1 ? new URLSearchParams({ page: String(p) }) : new URLSearchParams())}
        />
      )}
    </UserCentreLayout>
  );
}
