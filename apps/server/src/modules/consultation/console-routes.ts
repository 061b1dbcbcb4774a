import type { FastifyInstance, FastifyReply } from 'fastify';
import * as api from '@zs/shared/api/consultation';
import { ConsultationMessages as M } from '@zs/shared';
import type { Database } from '../../db/client.ts';
import type { Query } from '../../db/tx.ts';
import { notFound, ok } from '../../lib/envelope.ts';
import { security, type ZodScope } from '../../lib/scope.ts';
import { downloadSchema, routeSchema } from '../../lib/contract.ts';
import { clock } from '../../lib/clock.ts';
import { idOf } from '../../lib/query.ts';
import { commentsOfDraft, draftById, listDrafts, setTablePublished, type CommentRow, type DraftRow } from './repository.ts';
import { changeDraftStatus, createDraft, updateDraft } from './drafts.ts';
import { assignComment, decideComment } from './comments.ts';
import { summaryDocument, summaryWorkbook } from './export.ts';
import { consoleCommentView, consoleDraftView, summaryRows } from './views.ts';

export interface ConsultationRouteOptions {
  /** Usernames by id (auth's usernamesOf, handed in by modules/index.ts). */
  usernamesOf: (db: Database, ids: number[]) => Promise<Map<number, string>>;
  /** Operators and admins, for 分派 (auth's user list, handed in). */
  staff: (db: Database) => Promise<Array<{ id: number; username: string }>>;
  /** Called once a draft is published at once (committed): the alerts job is kicked (handed in, decisions/0101). */
  afterPublish?: () => void;
}

const tags = ['consultation-admin'];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

function attachment(reply: FastifyReply, type: string, d: DraftRow, ext: string) {
  const name = `征求意见汇总处理表-${d.plan_no}.${ext}`;
  return reply
    .header('content-type', type)
    .header(
      'content-disposition',
      `attachment; filename="consultation-summary.${ext}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    )
    .header('cache-control', 'no-store');
}

/** The office's side: drafts with the content workflow, comments to decide and assign, the summary table. */
export function consoleRoutes(r: ZodScope, app: FastifyInstance, opts: ConsultationRouteOptions) {
  const q: Query = (t, p) => app.db.query(t, p);
  const draftOr404 = async (raw: string) => {
    const id = idOf(raw);
    const d = id === null ? null : await draftById(q, id);
    if (!d) throw notFound(M.notFound);
    return d;
  };
  const commentViews = async (rows: CommentRow[]) => {
    const names = await opts.usernamesOf(
      app.db,
      rows.flatMap((c) => (c.assignee_id ? [c.user_id, c.assignee_id] : [c.user_id])),
    );
    return rows.map((c) => consoleCommentView(c, names));
  };

  r.get(
    api.consoleDrafts.path,
    { schema: { tags, security, summary: '征求意见稿列表（任何状态）', ...routeSchema(api.consoleDrafts) } },
    async (req) => {
      const now = clock.now();
      const page = await listDrafts(app.db, req.query, new Date(now).toISOString(), false);
      return ok({ total: page.total, page: page.page, size: page.size, list: page.rows.map((d) => consoleDraftView(d, now)) });
    },
  );
  r.post(
    api.createDraft.path,
    { schema: { tags, security, summary: '新建征求意见稿（保存为草稿）', ...routeSchema(api.createDraft) } },
    async (req) => ok(await createDraft(app.db, req.body, req.user!), '已保存为草稿'),
  );
  r.get(
    api.consoleDraft.path,
    { schema: { tags, security, summary: '征求意见稿详情（任何状态）', ...routeSchema(api.consoleDraft) } },
    async (req) => ok(consoleDraftView(await draftOr404(String(req.params.id)), clock.now())),
  );
  r.put(
    api.updateDraft.path,
    { schema: { tags, security, summary: '修改征求意见稿', ...routeSchema(api.updateDraft) } },
    async (req) => ok(await updateDraft(app.db, idOf(String(req.params.id)), req.body, req.user!), '已保存'),
  );
  r.post(
    api.changeDraftStatus.path,
    {
      schema: {
        tags,
        security,
        summary: '发布（可定时）、下线；发布需审核时管理员通过或退回',
        ...routeSchema(api.changeDraftStatus),
      },
    },
    async (req) => {
      const b = req.body;
      const done = await changeDraftStatus(app.db, idOf(String(req.params.id)), b.action, b.publishAt, b.reason, req.user!);
      if (done.status === 'published') opts.afterPublish?.();
      const msg = {
        published: '已发布',
        scheduled: '已定时发布',
        pending: '已提交审核',
        unpublished: '已下线',
        draft: '已退回',
      } as const;
      return ok(done, msg[done.status as keyof typeof msg] ?? '已保存');
    },
  );
  r.post(
    api.publishSummaryTable.path,
    { schema: { tags, security, summary: '在详情页公开或撤下征求意见汇总处理表', ...routeSchema(api.publishSummaryTable) } },
    async (req) => {
      const d = await draftOr404(String(req.params.id));
      await setTablePublished(q, d.id, req.body.published);
      return ok({ tablePublished: req.body.published }, req.body.published ? '汇总处理表已公开' : '汇总处理表已撤下');
    },
  );
  r.get(
    api.consoleComments.path,
    { schema: { tags, security, summary: '征求意见稿收到的意见', ...routeSchema(api.consoleComments) } },
    async (req) => {
      const d = await draftOr404(String(req.params.id));
      return ok(await commentViews(await commentsOfDraft(q, d.id)));
    },
  );
  r.post(
    api.decideComment.path,
    {
      schema: {
        tags,
        security,
        summary: '处理意见（采纳/部分采纳/未采纳及理由；通知提出人）',
        ...routeSchema(api.decideComment),
      },
    },
    async (req) => {
      const row = await decideComment(app.db, idOf(String(req.params.id)), req.body.decision, req.body.reason, req.user!);
      return ok((await commentViews([row]))[0]!, '已处理并通知提出人');
    },
  );
  r.post(
    api.assignComment.path,
    { schema: { tags, security, summary: '分派意见给运营人员', ...routeSchema(api.assignComment) } },
    async (req) => {
      const isStaff = async (id: number) => (await opts.staff(app.db)).some((s) => s.id === id);
      const row = await assignComment(app.db, idOf(String(req.params.id)), req.body.assigneeId, isStaff, req.user!);
      return ok((await commentViews([row]))[0]!, '已分派');
    },
  );
  r.get(
    api.consultationStaff.path,
    { schema: { tags, security, summary: '可分派的运营人员与管理员', ...routeSchema(api.consultationStaff) } },
    async () => ok(await opts.staff(app.db)),
  );
  r.get(
    api.summaryXlsx.path,
    {
      schema: { tags, security, summary: '下载征求意见汇总处理表（XLSX）', ...downloadSchema(api.summaryXlsx), produces: [XLSX] },
    },
    async (req, reply) => {
      const d = await draftOr404(String(req.params.id));
      return attachment(reply, XLSX, d, 'xlsx').send(
        await summaryWorkbook(d.project_name, summaryRows(await commentsOfDraft(q, d.id))),
      );
    },
  );
  r.get(
    api.summaryDocx.path,
    {
      schema: { tags, security, summary: '下载征求意见汇总处理表（DOCX）', ...downloadSchema(api.summaryDocx), produces: [DOCX] },
    },
    async (req, reply) => {
      const d = await draftOr404(String(req.params.id));
      return attachment(reply, DOCX, d, 'docx').send(
        await summaryDocument(d.project_name, d.plan_no, summaryRows(await commentsOfDraft(q, d.id))),
      );
    },
  );
}
