import { z } from 'zod';
import { endpoint, pageOf } from './endpoint.ts';
import { pageNumberParam, pageSizeParam, textParam } from './common.ts';
import { idNumber, isCalendarDay, storableString } from './input.ts';
import { InteractionMessages, QUESTION_CATEGORIES, QUESTION_RATINGS, QUESTION_STATES } from '../interaction.ts';

export * from '../interaction.ts';

/**
 * Questions to the office (咨询留言, docs/product.md §互动交流, decisions/0082): a signed-in user asks, the office
 * assigns, answers or forwards within a reply deadline counted in working days on the holiday calendar it
 * maintains per year; answers to public questions are published on /interaction; the asker rates the answer.
 */
const M = InteractionMessages;

const text = (min: number, max: number, message: string) =>
  storableString(message)
    .transform((v) => v.trim())
    .pipe(z.string().min(min, message).max(max, message));

const idParams = z.object({
  id: z.coerce.number({ error: M.notFound }).int(M.notFound).min(1, M.notFound).max(2_147_483_647, M.notFound),
});
const templateParams = z.object({
  id: z.coerce
    .number({ error: M.templateNotFound })
    .int(M.templateNotFound)
    .min(1, M.templateNotFound)
    .max(2_147_483_647, M.templateNotFound),
});
const yearNumber = z.coerce.number({ error: M.year }).int(M.year).min(2000, M.year).max(2100, M.year);

/** The ask form. */
export const AskQuestionForm = z
  .object({
    category: z.enum(QUESTION_CATEGORIES, { error: M.category }),
    title: text(2, 100, M.title),
    content: text(5, 2000, M.content),
    isPublic: z.boolean({ error: M.isPublic }),
    attachmentId: idNumber(M.attachment).nullable().default(null),
  })
  .strict();
export type AskQuestionFormT = z.input<typeof AskQuestionForm>;

export const AnswerForm = z.object({ answer: text(1, 5000, M.answer) }).strict();
export const ForwardForm = z
  .object({ unit: text(1, 100, M.forwardUnit), note: text(0, 500, M.forwardNote).default('') })
  .strict();
export const RatingForm = z.object({ rating: z.enum(QUESTION_RATINGS, { error: M.rating }) }).strict();
export const TemplateForm = z.object({ title: text(1, 50, M.templateTitle), body: text(1, 5000, M.templateBody) }).strict();

const dayList = z
  .array(
    z
      .string({ error: M.days })
      .regex(/^\d{4}-\d{2}-\d{2}$/, M.days)
      .refine(isCalendarDay, M.days),
    { error: M.days },
  )
  .max(100, M.tooManyDays);
/** A year's calendar as the office enters it: 节假日 (days off) and 调休上班日 (weekend days worked). */
export const CalendarForm = z
  .object({ holidays: dayList, workdays: dayList })
  .strict()
  .refine((f) => !f.holidays.some((d) => f.workdays.includes(d)), { message: M.dayTwice, path: ['workdays'] });
export const ReplyDaysForm = z
  .object({ replyDays: z.number({ error: M.replyDays }).int(M.replyDays).min(1, M.replyDays).max(30, M.replyDays) })
  .strict();

const Attachment = z.object({ fileId: z.number(), name: z.string() }).nullable();

/** A public, answered question (no asker identity). */
export const PublicQuestion = z.object({
  id: z.number(),
  category: z.enum(QUESTION_CATEGORIES),
  categoryName: z.string(),
  title: z.string(),
  content: z.string(),
  answer: z.string(),
  askedAt: z.string(),
  answeredAt: z.string(),
});
export type PublicQuestion = z.infer<typeof PublicQuestion>;

export const MyQuestion = z.object({
  id: z.number(),
  category: z.enum(QUESTION_CATEGORIES),
  categoryName: z.string(),
  title: z.string(),
  content: z.string(),
  isPublic: z.boolean(),
  attachment: Attachment,
  state: z.enum(QUESTION_STATES),
  stateName: z.string(),
  answer: z.string().nullable(),
  answeredAt: z.string().nullable(),
  forwardUnit: z.string().nullable(),
  forwardNote: z.string().nullable(),
  rating: z.enum(QUESTION_RATINGS).nullable(),
  /** The reply deadline: the instant the question becomes overdue (the end of its last working day). */
  deadline: z.string(),
  askedAt: z.string(),
});
export type MyQuestion = z.infer<typeof MyQuestion>;

export const ConsoleQuestion = MyQuestion.extend({
  username: z.string(),
  assigneeId: z.number().nullable(),
  assigneeName: z.string().nullable(),
  answeredBy: z.string().nullable(),
  overdue: z.boolean(),
});
export type ConsoleQuestion = z.infer<typeof ConsoleQuestion>;

export const AnswerTemplate = z.object({ id: z.number(), title: z.string(), body: z.string(), updatedAt: z.string() });
export type AnswerTemplate = z.infer<typeof AnswerTemplate>;

export const WorkingCalendar = z.object({
  year: z.number(),
  /** False until the office saves this year's dates: deadlines then count Monday–Friday. */
  maintained: z.boolean(),
  holidays: z.array(z.string()),
  workdays: z.array(z.string()),
  updatedAt: z.string().nullable(),
  replyDays: z.number(),
});
export type WorkingCalendar = z.infer<typeof WorkingCalendar>;

// ---- Public ----

export const listQuestions = endpoint({
  method: 'GET',
  path: '/api/portal/questions',
  query: z.object({
    category: z.preprocess((v) => (v === '' ? undefined : v), z.enum(QUESTION_CATEGORIES, { error: M.category }).optional()),
    keyword: textParam(100, '关键词'),
    page: pageNumberParam,
    size: pageSizeParam(10),
  }),
  response: pageOf(PublicQuestion),
});

export const questionDetail = endpoint({
  method: 'GET',
  path: '/api/portal/questions/:id',
  params: idParams,
  response: PublicQuestion,
});

// ---- Signed-in users ----

export const askQuestion = endpoint({
  method: 'POST',
  path: '/api/user/questions',
  body: AskQuestionForm,
  response: MyQuestion,
});

export const myQuestions = endpoint({
  method: 'GET',
  path: '/api/user/questions',
  query: z.object({ page: pageNumberParam, size: pageSizeParam(20) }),
  response: pageOf(MyQuestion),
});

export const rateQuestion = endpoint({
  method: 'POST',
  path: '/api/user/questions/:id/rating',
  params: idParams,
  body: RatingForm,
  response: MyQuestion,
});

// ---- Console (operators and admins) ----

export const consoleQuestions = endpoint({
  method: 'GET',
  path: '/api/admin/questions',
  query: z.object({
    state: z.preprocess((v) => (v === '' ? undefined : v), z.enum(QUESTION_STATES, { error: '状态不正确' }).optional()),
    overdue: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['1'], { error: '参数不正确' }).optional()),
    keyword: textParam(100, '关键词'),
    page: pageNumberParam,
    size: pageSizeParam(20),
  }),
  response: pageOf(ConsoleQuestion),
});

export const consoleQuestion = endpoint({
  method: 'GET',
  path: '/api/admin/questions/:id',
  params: idParams,
  response: ConsoleQuestion,
});

export const assignQuestion = endpoint({
  method: 'POST',
  path: '/api/admin/questions/:id/assignee',
  params: idParams,
  body: z.object({ assigneeId: idNumber(M.assignee).nullable() }).strict(),
  response: ConsoleQuestion,
});

export const answerQuestion = endpoint({
  method: 'POST',
  path: '/api/admin/questions/:id/answer',
  params: idParams,
  body: AnswerForm,
  response: ConsoleQuestion,
});

export const forwardQuestion = endpoint({
  method: 'POST',
  path: '/api/admin/questions/:id/forward',
  params: idParams,
  body: ForwardForm,
  response: ConsoleQuestion,
});

export const questionStaff = endpoint({
  method: 'GET',
  path: '/api/admin/question-staff',
  response: z.array(z.object({ id: z.number(), username: z.string() })),
});

export const answerTemplates = endpoint({
  method: 'GET',
  path: '/api/admin/question-templates',
  response: z.array(AnswerTemplate),
});

export const createAnswerTemplate = endpoint({
  method: 'POST',
  path: '/api/admin/question-templates',
  body: TemplateForm,
  response: AnswerTemplate,
});

export const updateAnswerTemplate = endpoint({
  method: 'PUT',
  path: '/api/admin/question-templates/:id',
  params: templateParams,
  body: TemplateForm,
  response: AnswerTemplate,
});

export const deleteAnswerTemplate = endpoint({
  method: 'DELETE',
  path: '/api/admin/question-templates/:id',
  params: templateParams,
  response: z.object({ id: z.number() }),
});

export const workingCalendar = endpoint({
  method: 'GET',
  path: '/api/admin/working-calendar/:year',
  params: z.object({ year: yearNumber }),
  response: WorkingCalendar,
});

export const saveWorkingCalendar = endpoint({
  method: 'PUT',
  path: '/api/admin/working-calendar/:year',
  params: z.object({ year: yearNumber }),
  body: CalendarForm,
  response: WorkingCalendar,
});

/** Admin only: the reply deadline in working days (a site setting). */
export const saveReplyDays = endpoint({
  method: 'PUT',
  path: '/api/admin/question-settings',
  body: ReplyDaysForm,
  response: z.object({ replyDays: z.number() }),
});
