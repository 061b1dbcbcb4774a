import { useSession } from '../../../lib/session.ts';
import { useRemote } from '../../../lib/useRemote.ts';
import { consultationApi, type ConsultationDetail } from '../api/consultation.ts';
import { CommentForm } from './CommentForm.tsx';
import { MyComments } from './MyComments.tsx';

/** 提出意见: the form while the period is open (signed-in users), and the user's own comments with their outcome. */
export function CommentSection({ draft, onCountChanged }: { draft: ConsultationDetail; onCountChanged: () => void }) {
  const token = useSession((s) => s.accessToken);
  const openDialog = useSession((s) => s.openDialog);
  const mine = useRemote(token ? `mine:${draft.id}:${token}` : null, () => consultationApi.mineOn(draft.id));
  const changed = () => {
    mine.reload();
    onCountChanged();
  };

  return (
    <section className="cons-section" aria-labelledby="cons-comment-title">
      <h2 id="cons-comment-title">提出意见</h2>
      {draft.open ? (
        token ? (
          <CommentForm draftId={draft.id} onSent={changed} />
        ) : (
          <p>
            <button type="button" className="btn btn-primary" onClick={() => openDialog('login', undefined, '登录后可提出意见')}>
              登录后提出意见
            </button>
          </p>
        )
      ) : (
        <p className="cons-muted" data-testid="comment-closed">
          {draft.notStarted ? '意见征集尚未开始。' : '意见征集已截止，不再接收意见。'}
        </p>
      )}
      {mine.data && <MyComments comments={mine.data} onChanged={changed} />}
    </section>
  );
}
