import { COMMENT_LIMITS as L, ConsultationMessages as M } from '@zs/shared/consultation';

/** A comment as the form holds it (text fields as typed, the uploaded attachment if any). */
export interface CommentDraft {
  clause: string;
  content: string;
  suggestion: string;
  reason: string;
  attachment: { fileId: number; name: string } | null;
}

export const emptyComment = (): CommentDraft => ({ clause: '', content: '', suggestion: '', reason: '', attachment: null });

type Field = 'clause' | 'content' | 'suggestion' | 'reason';

/** The server's rules (packages/shared/src/consultation.ts) with its words, checked before sending. */
export function commentErrors(c: CommentDraft): Partial<Record<Field, string>> {
  const out: Partial<Record<Field, string>> = {};
  const len = (v: string) => v.trim().length;
  if (len(c.clause) < 1 || len(c.clause) > L.clause) out.clause = M.clause;
  if (len(c.content) < 1 || len(c.content) > L.content) out.content = M.content;
  if (len(c.suggestion) > L.suggestion) out.suggestion = M.suggestion;
  if (len(c.reason) > L.reason) out.reason = M.reason;
  return out;
}

export const toInput = (c: CommentDraft) => ({
  clause: c.clause.trim(),
  content: c.content.trim(),
  suggestion: c.suggestion.trim(),
  reason: c.reason.trim(),
  attachmentId: c.attachment?.fileId ?? null,
});
