import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as api from '@zs/shared/api/interaction';
import { InteractionMessages as M, QUESTIONS_PER_HOUR } from '@zs/shared';
import { notFound, ok } from '../../lib/envelope.ts';
import { protectedScope, security } from '../../lib/scope.ts';
import { routeSchema } from '../../lib/contract.ts';
import { limitHit } from '../../db/rate-limit.ts';
import { idOf } from '../../lib/query.ts';
import { listQuestions, questionById } from './repository.ts';
import { ask, rate } from './service.ts';
import { consoleRoutes, type InteractionRouteOptions } from './console-routes.ts';
import { myView, publicView } from './views.ts';

const tags = ['interaction'];

/** Public answered questions, the signed-in user's questions, and the office's console (decisions/0082). */
export default fp<InteractionRouteOptions>(
  async function interactionRoutes(app: FastifyInstance, opts) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      api.listQuestions.path,
      { schema: { tags, summary: '咨询留言：已答复的公开咨询（类别、关键词、分页）', ...routeSchema(api.listQuestions) } },
      async (req) => {
        const page = await listQuestions(app.db, { ...req.query, published: true });
        return ok({ total: page.total, page: page.page, size: page.size, list: page.rows.map(publicView) });
      },
    );
    r.get(
      api.questionDetail.path,
      { schema: { tags, summary: '咨询留言详情（仅已答复的公开咨询）', ...routeSchema(api.questionDetail) } },
      async (req) => {
        const id = idOf(String(req.params.id));
        const row = id === null ? null : await questionById((t, p) => app.db.query(t, p), id);
        // Private and unanswered questions answer exactly like missing ones.
        if (!row || !row.is_public || row.state !== 'answered') throw notFound(M.notFound);
        return ok(publicView(row));
      },
    );

    await protectedScope(app, app.requireUser, async (s) => {
      s.post(
        api.askQuestion.path,
        {
          schema: {
            tags,
            security,
            summary: `提交咨询（每人每小时至多${QUESTIONS_PER_HOUR}条；答复期限按工作日计算）`,
            ...routeSchema(api.askQuestion),
          },
        },
        async (req) => {
          await limitHit(app.ephemeral, `question:user:${req.user!.id}`, QUESTIONS_PER_HOUR, 3600, M.tooMany);
          return ok(myView(await ask(app.db, req.user!, req.body)), '咨询已提交');
        },
      );
      s.get(
        api.myQuestions.path,
        { schema: { tags, security, summary: '我的咨询（状态与答复）', ...routeSchema(api.myQuestions) } },
        async (req) => {
          const page = await listQuestions(app.db, { ...req.query, userId: req.user!.id });
          return ok({ total: page.total, page: page.page, size: page.size, list: page.rows.map(myView) });
        },
      );
      s.post(
        api.rateQuestion.path,
        { schema: { tags, security, summary: '评价答复（本人、已答复、仅一次）', ...routeSchema(api.rateQuestion) } },
        async (req) => ok(myView(await rate(app.db, idOf(String(req.params.id)), req.user!, req.body.rating)), '感谢您的评价'),
      );
    });

    await protectedScope(app, app.requireRole('operator', 'admin'), (s) => consoleRoutes(s, app, opts));
  },
  { name: 'interaction', dependencies: ['db', 'auth', 'envelope', 'ephemeral'] },
);
