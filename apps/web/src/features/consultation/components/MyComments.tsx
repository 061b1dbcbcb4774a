import { useState } from 'react';
import { outcomeText } from '@zs/shared/consultation';
import { useSubmit } from '../../../lib/useSubmit.ts';
import { confirmAction } from '../../../lib/confirmAction.ts';
import { accepted } from '../../../lib/accepted.ts';
import { toast } from '../../../lib/feedback.ts';
import { consultationApi, type MyComment } from '../api/consultation.ts';
import { commentErrors, toInput, type CommentDraft } from '../lib/checks.ts';
import { CommentFields } from './CommentFields.tsx';

/** The user's own comments on this draft: the outcome once decided; 修改 and 撤回 until the deadline. */
export function MyComments({ comments, onChanged }: { comments: MyComment[]; onChanged: () => void }) {
  const [editing, setEditing] = useState<{ id: number; value: CommentDraft; shown: boolean } | null>(null);
  const { busy, submit } = useSubmit();
  if (comments.length === 0) return null;

  const save = async () => {
    if (!editing) return;
    if (Object.keys(commentErrors(editing.value)).length > 0) return setEditing({ ...editing, shown: true });
    const done = await submit(() => consultationApi.edit(editing.id, toInput(editing.value)), { success: '意见已修改' });
    if (done) {
      setEditing(null);
      onChanged();
    }
  };
  const withdraw = (c: MyComment) =>
    void confirmAction({
      title: `撤回对 ${c.clause} 的意见？`,
      onOk: async () => {
        if (await accepted(consultationApi.withdraw(c.id))) {
          toast.success('意见已撤回');
          onChanged();
        }
      },
    });

  return (
    <section className="cons-mine" aria-labelledby="cons-mine-title">
      <h2 id="cons-mine-title">我的意见（{comments.length} 条）</h2>
      <ol className="cons-mine-list">
        {comments.map((c) => (
          <li key={c.id} data-testid="my-comment">
            {editing?.id === c.id ? (
              <div className="cons-fieldset plain-form">
                <CommentFields
                  idPrefix={`edit-${c.id}`}
                  value={editing.value}
                  errors={editing.shown ? commentErrors(editing.value) : {}}
                  onChange={(value) => setEditing({ ...editing, value })}
                />
                <div className="cons-form-actions">
                  <button type="button" className="btn" onClick={() => setEditing(null)}>
                    取消
                  </button>
                  <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void save()}>
                    保存修改
                  </button>
                </div>
              </div>
            ) : (
              <>
                <p className="cons-mine-head">
                  <strong>章条 {c.clause}</strong>
                  <span className={`cons-outcome${c.decision ? ' is-done' : ''}`} data-testid="my-comment-outcome">
                    {c.decision ? outcomeText(c.decision, c.decisionReason) : '待处理'}
                  </span>
                </p>
                <p className="cons-text">{c.content}</p>
                {c.suggestion && <p className="cons-text">修改建议：{c.suggestion}</p>}
                {c.reason && <p className="cons-text">理由：{c.reason}</p>}
                {c.attachment && <p className="cons-text">附件：{c.attachment.name}</p>}
                {c.editable && (
                  <div className="cons-form-actions">
                    <button
                      type="button"
                      className="btn btn-small"
                      onClick={() =>
                        setEditing({
                          id: c.id,
                          shown: false,
                          value: {
                            clause: c.clause,
                            content: c.content,
                            suggestion: c.suggestion,
                            reason: c.reason,
                            attachment: c.attachment,
                          },
                        })
                      }
                    >
                      修改
                    </button>
                    <button type="button" className="btn btn-small" onClick={() => withdraw(c)}>
                      撤回
                    </button>
                  </div>
                )}
              </>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
