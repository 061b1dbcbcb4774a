/**
 * Drafts for public comment (征求意见, decisions/0081): the values, limits and Chinese messages the server's schemas
 * (api/consultation.ts) are built from. No zod here: the public pages check their forms with these and stay light.
 */
export const CONSULTATION_KINDS = ['local', 'group', 'xiangshan'] as const;
export type ConsultationKind = (typeof CONSULTATION_KINDS)[number];
export const CONSULTATION_KIND_LABELS: Record<ConsultationKind, string> = {
  local: '地方标准',
  group: '团体标准',
  xiangshan: '香山之品 评价规范',
};

export const COMMENT_DECISIONS = ['adopted', 'partial', 'rejected'] as const;
export type CommentDecision = (typeof COMMENT_DECISIONS)[number];
export const COMMENT_DECISION_LABELS: Record<CommentDecision, string> = {
  adopted: '采纳',
  partial: '部分采纳',
  rejected: '未采纳',
};

/** Flood limits: comments in one submission, submissions per user per hour, comments per user per draft. */
export const COMMENTS_PER_SUBMISSION = 30;
export const SUBMISSIONS_PER_HOUR = 20;
export const COMMENTS_PER_USER_PER_DRAFT = 200;

export const ConsultationMessages = {
  projectName: '请填写项目名称（1-200个字符）',
  planNo: '请填写计划号（1-60个字符）',
  kind: '请选择标准类型',
  draftingUnits: '请填写起草单位（1-500个字符）',
  responsibleUnit: '请填写归口单位（1-200个字符）',
  contact: '请填写联系方式（1-200个字符）',
  draftFile: '请上传征求意见稿（PDF 或 DOCX）',
  explanationFile: '请上传编制说明（PDF 或 DOCX）',
  fileType: '征求意见稿和编制说明须为 PDF 或 DOCX 文件',
  fileMissing: '文件不存在或不是后台上传的文件',
  startsAt: '请选择征求意见开始时间',
  deadline: '请选择征求意见截止时间',
  period: '截止时间须晚于开始时间',
  clause: '请填写章条编号（1-50个字符）',
  content: '请填写意见内容（1-2000个字符）',
  suggestion: '修改建议不能超过2000个字符',
  reason: '理由不能超过1000个字符',
  attachment: '附件不存在或不属于当前用户',
  comments: `每次可提交 1-${COMMENTS_PER_SUBMISSION} 条意见`,
  tooMany: '提交过于频繁，请稍后再试',
  perDraft: `每人对同一征求意见稿最多提交${COMMENTS_PER_USER_PER_DRAFT}条意见`,
  notOpen: '该征求意见稿不在意见征集期内',
  closed: '意见征集已截止，不能再提交或修改',
  notStarted: '意见征集尚未开始',
  notFound: '征求意见稿不存在',
  commentNotFound: '意见不存在',
  processed: '该意见已处理，不能修改或撤回',
  decision: '处理意见须为采纳、部分采纳或未采纳',
  decisionReason: '部分采纳或未采纳时请填写理由（1-500个字符）',
  assignee: '请选择运营人员',
  notStaff: '只能分派给运营人员或管理员',
  published: '该征求意见稿已发布',
  pending: '该征求意见稿正在等待审核',
  notPublished: '该征求意见稿未发布，无需下线',
  notPending: '该征求意见稿不在待审核状态',
  returnReason: '退回时请填写原因（1-500个字符）',
} as const;

/** Lengths of a comment's fields (the shared schema and the web's form check the same). */
export const COMMENT_LIMITS = { clause: 50, content: 2000, suggestion: 2000, reason: 1000 } as const;

/** The text of a decision as the 处理意见及理由 column shows it. */
export function outcomeText(decision: CommentDecision | null, reason: string | null): string {
  if (!decision) return '未处理';
  return reason ? `${COMMENT_DECISION_LABELS[decision]}：${reason}` : COMMENT_DECISION_LABELS[decision];
}
