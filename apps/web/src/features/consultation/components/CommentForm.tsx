import { useState } from 'react';
import { COMMENTS_PER_SUBMISSION, ConsultationMessages as M } from '@zs/shared/consultation';
import { useSubmit } from '../../../lib/useSubmit.ts';
import { SubmitButton } from '../../../components/form/SubmitButton.tsx';
import { consultationApi } from '../api/consultation.ts';
import { commentErrors, emptyComment, toInput, type CommentDraft } from '../lib/checks.ts';
import { CommentFields } from './CommentFields.tsx';
import '../../../components/form/form.css';

/** Several comments in one submission, one block per clause; all are checked before anything is sent. */
export function CommentForm({ draftId, onSent }: { draftId: number; onSent: () => void }) {
  const [rows, setRows] = useState<CommentDraft[]>([emptyComment()]);
  const [shown, setShown] = useState(false);
  const { busy, submit } = useSubmit();
  const errors = shown ? rows.map(commentErrors) : rows.map(() => ({}));

  const send = async () => {
    setShown(true);
    const bad = rows.findIndex((r) => Object.keys(commentErrors(r)).length > 0);
    if (bad >= 0) {
      document.getElementById(`new-${bad}-clause`)?.focus();
      return;
    }
    const done = await submit(() => consultationApi.submit(draftId, rows.map(toInput)), { success: '意见已提交' });
    if (done) {
      setRows([emptyComment()]);
      setShown(false);
      onSent();
    }
  };

  return (
    <form
      className="plain-form cons-form"
      aria-label="提出意见"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      {rows.map((r, i) => (
        <fieldset key={i} className="cons-fieldset" data-testid="comment-block">
          <legend>第 {i + 1} 条意见</legend>
          <CommentFields
            idPrefix={`new-${i}`}
            value={r}
            errors={errors[i] ?? {}}
            onChange={(c) => setRows(rows.map((x, j) => (j === i ? c : x)))}
          />
          {rows.length > 1 && (
            <button type="button" className="btn btn-small" onClick={() => setRows(rows.filter((_, j) => j !== i))}>
              删除第 {i + 1} 条
            </button>
          )}
        </fieldset>
      ))}
      <div className="cons-form-actions">
        <button
          type="button"
          className="btn"
          disabled={rows.length >= COMMENTS_PER_SUBMISSION}
          title={rows.length >= COMMENTS_PER_SUBMISSION ? M.comments : undefined}
          onClick={() => setRows([...rows, emptyComment()])}
        >
          再添加一条
        </button>
        <SubmitButton busy={busy}>提交意见</SubmitButton>
      </div>
    </form>
  );
}
