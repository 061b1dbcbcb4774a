import {
  CONSULTATION_KIND_LABELS,
  outcomeText,
  type ConsoleComment,
  type ConsoleDraft,
  type ConsultationSummary,
  type MyComment,
  type SummaryRow,
} from '@zs/shared';
import { iso } from '../../lib/iso.ts';
import type { CommentRow, DraftRow } from './repository.ts';

const DAY_MS = 86_400_000;
const CST_MS = 8 * 3600_000;
/** The calendar day number in Asia/Shanghai (UTC+8, no DST). */
const cstDayNumber = (ms: number) => Math.floor((ms + CST_MS) / DAY_MS);

/** Days left until the deadline, counted in Asia/Shanghai calendar days (0: the deadline is today); null once closed. */
export function daysLeft(deadline: Date | string, now: number): number | null {
  const end = new Date(deadline).getTime();
  if (end <= now) return null;
  return cstDayNumber(end - 1) - cstDayNumber(now);
}

export function isOpen(d: Pick<DraftRow, 'starts_at' | 'deadline'>, now: number): boolean {
  return new Date(d.starts_at).getTime() <= now && now < new Date(d.deadline).getTime();
}

export function summaryView(d: DraftRow, now: number): ConsultationSummary {
  return {
    id: d.id,
    projectName: d.project_name,
    planNo: d.plan_no,
    kind: d.kind,
    kindName: CONSULTATION_KIND_LABELS[d.kind],
    responsibleUnit: d.responsible_unit,
    startsAt: iso(d.starts_at),
    deadline: iso(d.deadline),
    open: isOpen(d, now),
    daysLeft: daysLeft(d.deadline, now),
    commentCount: d.comment_count,
    publishedAt: iso(d.published_at),
  };
}

export function consoleDraftView(d: DraftRow, now: number): ConsoleDraft {
  return {
    ...summaryView(d, now),
    draftingUnits: d.drafting_units,
    contact: d.contact,
    draftFile: d.draft_file,
    explanationFile: d.explanation_file,
    notStarted: now < new Date(d.starts_at).getTime(),
    status: d.status === 'scheduled' && d.published_at && new Date(d.published_at).getTime() <= now ? 'published' : d.status,
    tablePublished: d.table_published,
    unprocessed: d.unprocessed,
    returnedReason: d.returned_reason,
    updatedAt: iso(d.updated_at),
  };
}

export function myCommentView(c: CommentRow, now: number): MyComment {
  return {
    id: c.id,
    draftId: c.draft_id,
    projectName: c.project_name,
    clause: c.clause,
    content: c.content,
    suggestion: c.suggestion,
    reason: c.reason,
    attachment: c.attachment,
    decision: c.decision,
    decisionReason: c.decision_reason,
    editable: c.decision === null && now < new Date(c.deadline).getTime(),
    createdAt: iso(c.created_at),
    updatedAt: iso(c.updated_at),
  };
}

export function consoleCommentView(c: CommentRow, names: Map<number, string>): ConsoleComment {
  const { editable: _e, projectName: _p, ...rest } = myCommentView(c, 0);
  return {
    ...rest,
    username: names.get(c.user_id) ?? '（已注销）',
    enterpriseName: c.enterprise_name,
    assigneeId: c.assignee_id,
    assigneeName: c.assignee_id === null ? null : (names.get(c.assignee_id) ?? null),
    processedAt: iso(c.processed_at),
  };
}

/** 意见内容 as the summary table shows it: the comment with its suggestion and reason. */
function commentText(c: CommentRow): string {
  return [c.content, c.suggestion ? `修改建议：${c.suggestion}` : '', c.reason ? `理由：${c.reason}` : '']
    .filter(Boolean)
    .join('\n');
}

/** The 征求意见汇总处理表's rows: 提出单位 is the certified enterprise, else 个人 (no private names published). */
export function summaryRows(comments: CommentRow[]): SummaryRow[] {
  return comments.map((c, i) => ({
    index: i + 1,
    clause: c.clause,
    content: commentText(c),
    unit: c.enterprise_name ?? '个人',
    outcome: outcomeText(c.decision, c.decision_reason),
  }));
}
