import type { AskQuestionFormT } from '@zs/shared/api/interaction';
import type { QuestionCategory, QuestionState } from '@zs/shared/interaction';
import { callApi } from '../../../lib/http.ts';

/** The calls of 咨询留言 (apps/server/src/modules/interaction); types from @zs/shared. */
export type { AnswerTemplate, ConsoleQuestion, MyQuestion, PublicQuestion, WorkingCalendar } from '@zs/shared/api/interaction';

const id = (n: number) => ({ id: String(n) });

export interface ListFilter {
  category: QuestionCategory | '';
  keyword: string;
  page: number;
}

export const interactionApi = {
  list: (f: ListFilter) =>
    callApi('GET /api/portal/questions', {
      query: { category: f.category || undefined, keyword: f.keyword || undefined, page: f.page, size: 10 },
    }),
  detail: (n: number) => callApi('GET /api/portal/questions/:id', { params: id(n) }),
  ask: (body: AskQuestionFormT) => callApi('POST /api/user/questions', { body }),
};

export interface QueueFilter {
  state: QuestionState | '';
  overdue: boolean;
  keyword: string;
  page: number;
}

export const consoleApi = {
  list: (f: QueueFilter) =>
    callApi('GET /api/admin/questions', {
      query: {
        state: f.state || undefined,
        overdue: f.overdue ? '1' : undefined,
        keyword: f.keyword || undefined,
        page: f.page,
        size: 20,
      },
    }),
  get: (n: number) => callApi('GET /api/admin/questions/:id', { params: id(n) }),
  assign: (n: number, assigneeId: number | null) =>
    callApi('POST /api/admin/questions/:id/assignee', { params: id(n), body: { assigneeId } }),
  answer: (n: number, answer: string) => callApi('POST /api/admin/questions/:id/answer', { params: id(n), body: { answer } }),
  forward: (n: number, unit: string, note: string) =>
    callApi('POST /api/admin/questions/:id/forward', { params: id(n), body: { unit, note } }),
  staff: () => callApi('GET /api/admin/question-staff'),
  templates: () => callApi('GET /api/admin/question-templates'),
  createTemplate: (title: string, body: string) => callApi('POST /api/admin/question-templates', { body: { title, body } }),
  updateTemplate: (n: number, title: string, body: string) =>
    callApi('PUT /api/admin/question-templates/:id', { params: id(n), body: { title, body } }),
  deleteTemplate: (n: number) => callApi('DELETE /api/admin/question-templates/:id', { params: id(n) }),
  calendar: (year: number) => callApi('GET /api/admin/working-calendar/:year', { params: { year: String(year) } }),
  saveCalendar: (year: number, holidays: string[], workdays: string[]) =>
    callApi('PUT /api/admin/working-calendar/:year', { params: { year: String(year) }, body: { holidays, workdays } }),
  saveReplyDays: (replyDays: number) => callApi('PUT /api/admin/question-settings', { body: { replyDays } }),
};
