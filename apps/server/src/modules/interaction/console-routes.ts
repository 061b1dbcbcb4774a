import type { FastifyInstance } from 'fastify';
import * as api from '@zs/shared/api/interaction';
import { InteractionMessages as M } from '@zs/shared';
import type { Database } from '../../db/client.ts';
import { badRequest, forbidden, notFound, ok } from '../../lib/envelope.ts';
import { security, type ZodScope } from '../../lib/scope.ts';
import { routeSchema } from '../../lib/contract.ts';
import { clock } from '../../lib/clock.ts';
import { idOf } from '../../lib/query.ts';
import {
  deleteTemplate,
  insertTemplate,
  listQuestions,
  listTemplates,
  questionById,
  updateTemplate,
  type QuestionRow,
  type TemplateRow,
} from './repository.ts';
import { answer, assign, forward } from './service.ts';
import { calendarOf, saveCalendar, saveReplyDays } from './calendar.ts';
import { consoleView, namedIds } from './views.ts';

export interface InteractionRouteOptions {
  /** Usernames by id (auth's usernamesOf, handed in by modules/index.ts). */
  usernamesOf: (db: Database, ids: number[]) => Promise<Map<number, string>>;
  /** Operators and admins, for 分派 (auth's user list, handed in). */
  staff: (db: Database) => Promise<Array<{ id: number; username: string }>>;
}

const tags = ['interaction-admin'];
const templateView = (t: TemplateRow) => ({
  id: t.id,
  title: t.title,
  body: t.body,
  updatedAt: new Date(t.updated_at).toISOString(),
});

/** The office's side: the queue, assignment, answers and 转办, answer templates, the working-day calendar. */
export function consoleRoutes(r: ZodScope, app: FastifyInstance, opts: InteractionRouteOptions) {
  const views = async (rows: QuestionRow[]) => {
    const names = await opts.usernamesOf(app.db, namedIds(rows));
    const now = clock.now();
    return rows.map((row) => consoleView(row, names, now));
  };
  const one = async (row: QuestionRow) => (await views([row]))[0]!;

  r.get(
    api.consoleQuestions.path,
    { schema: { tags, security, summary: '咨询留言办理列表（未办结的在前，按答复期限）', ...routeSchema(api.consoleQuestions) } },
    async (req) => {
      const { overdue, ...rest } = req.query;
      const page = await listQuestions(app.db, { ...rest, overdueAt: overdue ? new Date(clock.now()).toISOString() : undefined });
      return ok({ total: page.total, page: page.page, size: page.size, list: await views(page.rows) });
    },
  );
  r.get(
    api.consoleQuestion.path,
    { schema: { tags, security, summary: '咨询留言详情（后台）', ...routeSchema(api.consoleQuestion) } },
    async (req) => {
      const id = idOf(String(req.params.id));
      const row = id === null ? null : await questionById((t, p) => app.db.query(t, p), id);
      if (!row) throw notFound(M.notFound);
      return ok(await one(row));
    },
  );
  r.post(
    api.assignQuestion.path,
    { schema: { tags, security, summary: '分派咨询给运营人员（null 取消分派）', ...routeSchema(api.assignQuestion) } },
    async (req) => {
      const staff = await opts.staff(app.db);
      return ok(await one(await assign(app.db, idOf(String(req.params.id)), req.body.assigneeId, staff, req.user!)), '已分派');
    },
  );
  r.post(
    api.answerQuestion.path,
    { schema: { tags, security, summary: '答复咨询（公开的咨询随即在互动交流页展示）', ...routeSchema(api.answerQuestion) } },
    async (req) => ok(await one(await answer(app.db, idOf(String(req.params.id)), req.body.answer, req.user!)), '已答复'),
  );
  r.post(
    api.forwardQuestion.path,
    { schema: { tags, security, summary: '转办咨询（转办单位与说明）', ...routeSchema(api.forwardQuestion) } },
    async (req) => ok(await one(await forward(app.db, idOf(String(req.params.id)), req.body, req.user!)), '已转办'),
  );
  r.get(
    api.questionStaff.path,
    { schema: { tags, security, summary: '可分派的运营人员与管理员', ...routeSchema(api.questionStaff) } },
    async () => ok(await opts.staff(app.db)),
  );

  r.get(
    api.answerTemplates.path,
    { schema: { tags, security, summary: '答复模板', ...routeSchema(api.answerTemplates) } },
    async () => ok((await listTemplates(app.db)).map(templateView)),
  );
  r.post(
    api.createAnswerTemplate.path,
    { schema: { tags, security, summary: '新增答复模板', ...routeSchema(api.createAnswerTemplate) } },
    async (req) => ok(templateView(await insertTemplate(app.db, req.body.title, req.body.body, req.user!.id)), '模板已保存'),
  );
  r.put(
    api.updateAnswerTemplate.path,
    { schema: { tags, security, summary: '修改答复模板', ...routeSchema(api.updateAnswerTemplate) } },
    async (req) => {
      const id = idOf(String(req.params.id));
      const row = id === null ? null : await updateTemplate(app.db, id, req.body.title, req.body.body, req.user!.id);
      if (!row) throw notFound(M.templateNotFound);
      return ok(templateView(row), '模板已保存');
    },
  );
  r.delete(
    api.deleteAnswerTemplate.path,
    { schema: { tags, security, summary: '删除答复模板', ...routeSchema(api.deleteAnswerTemplate) } },
    async (req) => {
      const id = idOf(String(req.params.id));
      if (id === null || !(await deleteTemplate(app.db, id))) throw notFound(M.templateNotFound);
      return ok({ id }, '模板已删除');
    },
  );

  r.get(
    api.workingCalendar.path,
    {
      schema: {
        tags,
        security,
        summary: '某年节假日与调休上班日（未维护时按周一至周五计算）',
        ...routeSchema(api.workingCalendar),
      },
    },
    async (req) => ok(await calendarOf(app.db, req.params.year)),
  );
  r.put(
    api.saveWorkingCalendar.path,
    {
      schema: {
        tags,
        security,
        summary: '保存某年节假日与调休上班日（未办结咨询的答复期限随之重算）',
        ...routeSchema(api.saveWorkingCalendar),
      },
    },
    async (req) => {
      const { year } = req.params;
      const outside = [...req.body.holidays, ...req.body.workdays].some((d) => !d.startsWith(`${year}-`));
      if (outside) throw badRequest(M.days);
      return ok(await saveCalendar(app.db, year, req.body, req.user!.id), `${year}年节假日安排已保存`);
    },
  );
  r.put(
    api.saveReplyDays.path,
    { schema: { tags, security, summary: '答复期限（工作日，仅管理员）', ...routeSchema(api.saveReplyDays) } },
    async (req) => {
      if (req.user!.role !== 'admin') throw forbidden('仅管理员可设置答复期限');
      return ok(await saveReplyDays(app.db, req.body.replyDays, req.user!.id), '答复期限已保存');
    },
  );
}
