import { Link, useSearchParams } from 'react-router';
import { useRemote } from '../../../lib/useRemote.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { ErrorView, LoadingView } from '../../../components/content/StateViews.tsx';
import '../../../components/content/content.css';
import { interactionApi } from '../api/interaction.ts';
import '../components/interaction.css';

/** /interaction-detail?id=: one answered public question (plain text, shown escaped, line breaks kept). */
export default function InteractionDetailPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const remote = useRemote(valid ? `question:${id}` : null, () => interactionApi.detail(id));
  const q = remote.data;

  if (!valid || remote.notFound)
    return (
      <div className="page-container portal-page">
        <h1 className="page-title">咨询不存在</h1>
        <p>该咨询不存在、未公开或尚未答复。</p>
        <p>
          <Link to="/interaction" className="tap-link">
            返回互动交流
          </Link>
        </p>
      </div>
    );
  if (remote.error)
    return (
      <div className="page-container">
        <ErrorView message={remote.error} onRetry={remote.reload} />
      </div>
    );
  if (!q)
    return (
      <div className="page-container">
        <LoadingView />
      </div>
    );
  return (
    <article className="page-container portal-page">
      <h1 className="page-title">{q.title}</h1>
      <p className="qa-meta">
        {q.categoryName} · 提问时间 <time dateTime={q.askedAt}>{formatDateTime(q.askedAt)}</time>
      </p>
      <p className="qa-text" data-testid="question-content">
        {q.content}
      </p>
      <section className="qa-answer" aria-labelledby="qa-answer-title">
        <h2 id="qa-answer-title">答复</h2>
        <p className="qa-meta">
          答复时间 <time dateTime={q.answeredAt}>{formatDateTime(q.answeredAt)}</time>
        </p>
        <p className="qa-text" data-testid="question-answer">
          {q.answer}
        </p>
      </section>
      <p>
        <Link to="/interaction" className="tap-link">
          返回互动交流
        </Link>
      </p>
    </article>
  );
}
