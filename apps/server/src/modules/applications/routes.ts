import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import * as api from '@zs/shared/api/user';
import { ok } from '../../lib/envelope.ts';
import { protectedScope, security } from '../../lib/scope.ts';
import { routeSchema } from '../../lib/contract.ts';
import { idOf } from '../../lib/query.ts';
import { listOwn } from './repository.ts';
import { applyBrandProduct, applyService, idempotencyKeyOf, ownApplication, signUp, withdraw } from './service.ts';

const tags = ['applications'];

/** The user's applications and sign-ups (/api/user/…), all behind requireUser. */
export default fp(
  async function applicationRoutes(app: FastifyInstance) {
    await protectedScope(app, app.requireUser, async (r) => {
      r.post(
        api.applyBrandProduct.path,
        {
          schema: {
            tags,
            security,
            summary: '香山之品品牌产品申请',
            headers: api.IdempotencyHeader,
            ...routeSchema(api.applyBrandProduct),
          },
        },
        async (req) =>
          ok(
            await applyBrandProduct(app.db, req.user!, req.body, idempotencyKeyOf(req.headers['idempotency-key'])),
            '申请已提交',
          ),
      );

      r.post(
        api.applyService.path,
        {
          schema: {
            tags,
            security,
            summary: '标准化服务申请',
            headers: api.IdempotencyHeader,
            ...routeSchema(api.applyService),
          },
        },
        async (req) =>
          ok(await applyService(app.db, req.user!, req.body, idempotencyKeyOf(req.headers['idempotency-key'])), '申请已提交'),
      );

      r.post(
        api.signUpActivity.path,
        {
          schema: {
            tags,
            security,
            summary: '活动报名（开放报名、未截止、有剩余名额、不可重复报名）',
            ...routeSchema(api.signUpActivity),
          },
        },
        async (req) => ok(await signUp(app.db, req.user!, idOf(req.params.id), req.body ?? {}), '报名成功'),
      );

      r.get(
        api.listApplications.path,
        {
          schema: {
            tags,
            security,
            summary: '我的申请（分页，可按类型、状态筛选）',
            ...routeSchema(api.listApplications),
          },
        },
        async (req) => ok(await listOwn(app.db, req.user!.id, req.query)),
      );

      r.get(
        api.fetchApplication.path,
        {
          schema: {
            tags,
            security,
            summary: '申请详情（含办理进度和附件）',
            ...routeSchema(api.fetchApplication),
          },
        },
        async (req) => ok(await ownApplication(app.db, req.user!.id, idOf(req.params.id))),
      );

      r.post(
        api.withdrawApplication.path,
        {
          schema: {
            tags,
            security,
            summary: '撤回申请（仅提交、受理状态）',
            ...routeSchema(api.withdrawApplication),
          },
        },
        async (req) => ok(await withdraw(app.db, req.user!.id, idOf(req.params.id)), '已撤回'),
      );
    });
  },
  { name: 'applications', dependencies: ['auth', 'db', 'envelope'] },
);
