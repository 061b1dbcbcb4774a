import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as api from '@zs/shared/api/consultation';
import { COMMENTS_PER_SUBMISSION, ConsultationMessages as M, SUBMISSIONS_PER_HOUR } from '@zs/shared';
import { notFound, ok } from '../../lib/envelope.ts';
import { protectedScope, security } from '../../lib/scope.ts';
import { routeSchema } from '../../lib/contract.ts';
import { limitHit } from '../../db/rate-limit.ts';
import { clock } from '../../lib/clock.ts';
import { idOf } from '../../lib/query.ts';
import { commentsOfDraft, commentsOfUser, draftById, listDrafts } from './repository.ts';
import { editComment, submitComments, visibleNow, withdrawComment } from './comments.ts';
import { consoleRoutes, type ConsultationRouteOptions } from './console-routes.ts';
import { myCommentView, summaryRows, summaryView } from './views.ts';

const tags = ['consultation'];

/** Public drafts for comment, the signed-in user's comments, and the office's console (decisions/0081). */
export default fp<ConsultationRouteOptions>(
  async function consultationRoutes(app: FastifyInstance, opts) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      api.listConsultations.path,
      { schema: { tags, summary: '征求意见列表（征集中与已截止；类型、年份、关键词）', ...routeSchema(api.listConsultations) } },
      async (req) => {
        const now = clock.now();
        const page = await listDrafts(app.db, req.query, new Date(now).toISOString(), true);
        return ok({ total: page.total, page: page.page, size: page.size, list: page.rows.map((d) => summaryView(d, now)) });
      },
    );
    r.get(
      api.consultationDetail.path,
      {
        schema: {
          tags,
          summary: '征求意见详情（文件、截止时间与剩余天数、意见数、公开的汇总处理表）',
          ...routeSchema(api.consultationDetail),
        },
      },
      async (req) => {
        const now = clock.now();
        const id = idOf(String(req.params.id));
        const d = id === null ? null : await draftById((t, p) => app.db.query(t, p), id);
        if (!d || !visibleNow(d, now)) throw notFound(M.notFound);
        const table = d.table_published ? summaryRows(await commentsOfDraft((t, p) => app.db.query(t, p), d.id)) : null;
        return ok({
          ...summaryView(d, now),
          draftingUnits: d.drafting_units,
          contact: d.contact,
          draftFile: d.draft_file,
          explanationFile: d.explanation_file,
          notStarted: now < new Date(d.starts_at).getTime(),
          summaryTable: table,
        });
      },
    );

    await protectedScope(app, app.requireUser, async (s) => {
      s.post(
        api.submitComments.path,
        {
          schema: {
            tags,
            security,
            summary: `提交意见（逐条；每次至多${COMMENTS_PER_SUBMISSION}条，每人每小时${SUBMISSIONS_PER_HOUR}次）`,
            ...routeSchema(api.submitComments),
          },
        },
        async (req) => {
          await limitHit(app.ephemeral, `consultation:user:${req.user!.id}`, SUBMISSIONS_PER_HOUR, 3600, M.tooMany);
          const ids = await submitComments(app.db, idOf(String(req.params.id)), req.user!, req.body.comments);
          return ok({ ids }, '意见已提交');
        },
      );
      s.get(
        api.myCommentsOn.path,
        { schema: { tags, security, summary: '我对该征求意见稿的意见', ...routeSchema(api.myCommentsOn) } },
        async (req) => {
          const id = idOf(String(req.params.id));
          const rows = id === null ? [] : await commentsOfDraft((t, p) => app.db.query(t, p), id, req.user!.id);
          return ok(rows.map((c) => myCommentView(c, clock.now())));
        },
      );
      s.get(
        api.myComments.path,
        { schema: { tags, security, summary: '我的意见（全部征求意见稿）', ...routeSchema(api.myComments) } },
        async (req) => {
          const page = await commentsOfUser(app.db, req.user!.id, req.query);
          const now = clock.now();
          return ok({ total: page.total, page: page.page, size: page.size, list: page.rows.map((c) => myCommentView(c, now)) });
        },
      );
      s.put(
        api.editComment.path,
        { schema: { tags, security, summary: '修改本人的意见（截止前、未处理）', ...routeSchema(api.editComment) } },
        async (req) => {
          await limitHit(app.ephemeral, `consultation:user:${req.user!.id}`, SUBMISSIONS_PER_HOUR * 5, 3600, M.tooMany);
          return ok(await editComment(app.db, idOf(String(req.params.id)), req.user!, req.body), '意见已修改');
        },
      );
      s.delete(
        api.withdrawComment.path,
        { schema: { tags, security, summary: '撤回本人的意见（截止前、未处理）', ...routeSchema(api.withdrawComment) } },
        async (req) => ok(await withdrawComment(app.db, idOf(String(req.params.id)), req.user!), '意见已撤回'),
      );
    });

    await protectedScope(app, app.requireRole('operator', 'admin'), (s) => consoleRoutes(s, app, opts));
  },
  { name: 'consultation', dependencies: ['db', 'auth', 'envelope', 'ephemeral'] },
);
