import { z } from 'zod';
import { download, endpoint, pageOf } from './endpoint.ts';
import { pageNumberParam, pageSizeParam, textParam } from './common.ts';
import { idNumber, storableString } from './input.ts';
import { CONTENT_STATUSES } from './content.ts';
import {
  COMMENT_DECISIONS,
  COMMENT_LIMITS as L,
  COMMENTS_PER_SUBMISSION,
  CONSULTATION_KINDS,
  ConsultationMessages,
} from '../consultation.ts';

/**
 * Drafts for public comment (征求意见, docs/product.md §征求意见, decisions/0081): the office publishes a draft
 * standard with its comment period; signed-in users comment clause by clause until the deadline; the office
 * decides each comment and exports the 征求意见汇总处理表.
 */
export {
  COMMENT_DECISION_LABELS,
  COMMENT_DECISIONS,
  COMMENT_LIMITS,
  COMMENTS_PER_SUBMISSION,
  COMMENTS_PER_USER_PER_DRAFT,
  CONSULTATION_KIND_LABELS,
  CONSULTATION_KINDS,
  ConsultationMessages,
  outcomeText,
  SUBMISSIONS_PER_HOUR,
  type CommentDecision,
  type ConsultationKind,
} from '../consultation.ts';
const M = ConsultationMessages;

const text = (min: number, max: number, message: string) =>
  storableString(message)
    .transform((v) => v.trim())
    .pipe(z.string().min(min, message).max(max, message));
const instant = (message: string) =>
  z.string({ error: message }).refine((v) => !Number.isNaN(Date.parse(v)) && /^\d{4}-/.test(v), message);

export const ConsultationFile = z
  .object({
    fileId: idNumber(M.fileMissing),
    name: z.string({ error: M.fileMissing }).max(200, M.fileMissing),
    url: z.string({ error: M.fileMissing }).max(300, M.fileMissing),
  })
  .strict();
export type ConsultationFile = z.infer<typeof ConsultationFile>;
/** The same in answers (plain numbers: an answer's schema carries no input rules). */
const FileAnswer = z.object({ fileId: z.number(), name: z.string(), url: z.string() });

/** The console's draft form (both create and edit). */
export const ConsultationDraftForm = z
  .object({
    projectName: text(1, 200, M.projectName),
    planNo: text(1, 60, M.planNo),
    kind: z.enum(CONSULTATION_KINDS, { error: M.kind }),
    draftingUnits: text(1, 500, M.draftingUnits),
    responsibleUnit: text(1, 200, M.responsibleUnit),
    draftFile: ConsultationFile.nullable().default(null),
    explanationFile: ConsultationFile.nullable().default(null),
    startsAt: instant(M.startsAt),
    deadline: instant(M.deadline),
    contact: text(1, 200, M.contact),
  })
  .refine((f) => Date.parse(f.deadline) > Date.parse(f.startsAt), { message: M.period, path: ['deadline'] });
export type ConsultationDraftFormT = z.input<typeof ConsultationDraftForm>;

/** One comment as the user writes it. */
export const CommentInput = z
  .object({
    clause: text(1, L.clause, M.clause),
    content: text(1, L.content, M.content),
    suggestion: text(0, L.suggestion, M.suggestion).default(''),
    reason: text(0, L.reason, M.reason).default(''),
    attachmentId: idNumber(M.attachment).nullable().default(null),
  })
  .strict();
export type CommentInputT = z.input<typeof CommentInput>;

export const CommentSubmission = z.object({
  comments: z.array(CommentInput, { error: M.comments }).min(1, M.comments).max(COMMENTS_PER_SUBMISSION, M.comments),
});

export const CommentDecisionForm = z
  .object({
    decision: z.enum(COMMENT_DECISIONS, { error: M.decision }),
    reason: text(0, 500, M.decisionReason).default(''),
  })
  .refine((d) => d.decision === 'adopted' || d.reason.length > 0, { message: M.decisionReason, path: ['reason'] });

const idParams = z.object({
  id: z.coerce.number({ error: M.notFound }).int(M.notFound).min(1, M.notFound).max(2_147_483_647, M.notFound),
});
const commentParams = z.object({
  id: z.coerce
    .number({ error: M.commentNotFound })
    .int(M.commentNotFound)
    .min(1, M.commentNotFound)
    .max(2_147_483_647, M.commentNotFound),
});

const Attachment = z.object({ fileId: z.number(), name: z.string() }).nullable();

/** A row of the 征求意见汇总处理表 (public when the office publishes it). */
export const SummaryRow = z.object({
  index: z.number(),
  clause: z.string(),
  content: z.string(),
  unit: z.string(),
  outcome: z.string(),
});
export type SummaryRow = z.infer<typeof SummaryRow>;

export const ConsultationSummary = z.object({
  id: z.number(),
  projectName: z.string(),
  planNo: z.string(),
  kind: z.enum(CONSULTATION_KINDS),
  kindName: z.string(),
  responsibleUnit: z.string(),
  startsAt: z.string(),
  deadline: z.string(),
  open: z.boolean(),
  daysLeft: z.number().nullable(),
  commentCount: z.number(),
  publishedAt: z.string().nullable(),
});
export type ConsultationSummary = z.infer<typeof ConsultationSummary>;

export const ConsultationDetail = ConsultationSummary.extend({
  draftingUnits: z.string(),
  contact: z.string(),
  draftFile: FileAnswer.nullable(),
  explanationFile: FileAnswer.nullable(),
  notStarted: z.boolean(),
  summaryTable: z.array(SummaryRow).nullable(),
});
export type ConsultationDetail = z.infer<typeof ConsultationDetail>;

export const MyComment = z.object({
  id: z.number(),
  draftId: z.number(),
  projectName: z.string(),
  clause: z.string(),
  content: z.string(),
  suggestion: z.string(),
  reason: z.string(),
  attachment: Attachment,
  decision: z.enum(COMMENT_DECISIONS).nullable(),
  decisionReason: z.string().nullable(),
  editable: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MyComment = z.infer<typeof MyComment>;

export const ConsoleDraft = ConsultationDetail.omit({ summaryTable: true }).extend({
  status: z.enum(CONTENT_STATUSES),
  tablePublished: z.boolean(),
  unprocessed: z.number(),
  returnedReason: z.string().nullable(),
  updatedAt: z.string(),
});
export type ConsoleDraft = z.infer<typeof ConsoleDraft>;

export const ConsoleComment = MyComment.omit({ editable: true, projectName: true }).extend({
  username: z.string(),
  enterpriseName: z.string().nullable(),
  assigneeId: z.number().nullable(),
  assigneeName: z.string().nullable(),
  processedAt: z.string().nullable(),
});
export type ConsoleComment = z.infer<typeof ConsoleComment>;

// ---- Public ----

export const listConsultations = endpoint({
  method: 'GET',
  path: '/api/portal/consultations',
  query: z.object({
    state: z.enum(['open', 'closed', 'all'], { error: '征集状态不正确' }).default('all'),
    kind: z.preprocess((v) => (v === '' ? undefined : v), z.enum(CONSULTATION_KINDS, { error: M.kind }).optional()),
    year: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.coerce.number({ error: '年份不正确' }).int('年份不正确').min(2000, '年份不正确').max(2100, '年份不正确').optional(),
    ),
    keyword: textParam(100, '关键词'),
    page: pageNumberParam,
    size: pageSizeParam(10),
  }),
  response: pageOf(ConsultationSummary),
});

export const consultationDetail = endpoint({
  method: 'GET',
  path: '/api/portal/consultations/:id',
  params: idParams,
  response: ConsultationDetail,
});

// ---- Signed-in users ----

export const submitComments = endpoint({
  method: 'POST',
  path: '/api/user/consultations/:id/comments',
  params: idParams,
  body: CommentSubmission,
  response: z.object({ ids: z.array(z.number()) }),
});

export const myCommentsOn = endpoint({
  method: 'GET',
  path: '/api/user/consultations/:id/comments',
  params: idParams,
  response: z.array(MyComment),
});

export const myComments = endpoint({
  method: 'GET',
  path: '/api/user/consultation-comments',
  query: z.object({ page: pageNumberParam, size: pageSizeParam(20) }),
  response: pageOf(MyComment),
});

export const editComment = endpoint({
  method: 'PUT',
  path: '/api/user/consultation-comments/:id',
  params: commentParams,
  body: CommentInput,
  response: MyComment,
});

export const withdrawComment = endpoint({
  method: 'DELETE',
  path: '/api/user/consultation-comments/:id',
  params: commentParams,
  response: z.object({ id: z.number() }),
});

// ---- Console ----

export const consoleDrafts = endpoint({
  method: 'GET',
  path: '/api/admin/consultations',
  query: z.object({
    status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(CONTENT_STATUSES, { error: '状态不正确' }).optional()),
    page: pageNumberParam,
    size: pageSizeParam(20),
  }),
  response: pageOf(ConsoleDraft),
});

export const createDraft = endpoint({
  method: 'POST',
  path: '/api/admin/consultations',
  body: ConsultationDraftForm,
  response: ConsoleDraft,
});

export const consoleDraft = endpoint({
  method: 'GET',
  path: '/api/admin/consultations/:id',
  params: idParams,
  response: ConsoleDraft,
});

export const updateDraft = endpoint({
  method: 'PUT',
  path: '/api/admin/consultations/:id',
  params: idParams,
  body: ConsultationDraftForm,
  response: ConsoleDraft,
});

/** 发布 / 定时发布 / 下线 / 审核, as the content console does it (decisions/0050). */
export const changeDraftStatus = endpoint({
  method: 'POST',
  path: '/api/admin/consultations/:id/status',
  params: idParams,
  body: z.object({
    action: z.enum(['publish', 'unpublish', 'approve', 'return'], { error: '操作不正确' }),
    publishAt: instant('发布时间格式不正确').nullable().default(null),
    reason: z.string({ error: M.returnReason }).trim().max(500, M.returnReason).default(''),
  }),
  response: z.object({ status: z.enum(CONTENT_STATUSES) }),
});

export const publishSummaryTable = endpoint({
  method: 'POST',
  path: '/api/admin/consultations/:id/summary',
  params: idParams,
  body: z.object({ published: z.boolean({ error: '请选择是否公开' }) }),
  response: z.object({ tablePublished: z.boolean() }),
});

export const consoleComments = endpoint({
  method: 'GET',
  path: '/api/admin/consultations/:id/comments',
  params: idParams,
  response: z.array(ConsoleComment),
});

export const decideComment = endpoint({
  method: 'POST',
  path: '/api/admin/consultation-comments/:id/decision',
  params: commentParams,
  body: CommentDecisionForm,
  response: ConsoleComment,
});

export const assignComment = endpoint({
  method: 'POST',
  path: '/api/admin/consultation-comments/:id/assignee',
  params: commentParams,
  body: z.object({ assigneeId: idNumber(M.assignee).nullable() }),
  response: ConsoleComment,
});

export const consultationStaff = endpoint({
  method: 'GET',
  path: '/api/admin/consultation-staff',
  response: z.array(z.object({ id: z.number(), username: z.string() })),
});

export const summaryXlsx = download({
  method: 'GET',
  path: '/api/admin/consultations/:id/summary.xlsx',
  params: idParams,
});

export const summaryDocx = download({
  method: 'GET',
  path: '/api/admin/consultations/:id/summary.docx',
  params: idParams,
});
