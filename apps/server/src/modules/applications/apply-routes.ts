import type { FastifyInstance } from 'fastify';
import * as api from '@zs/shared/api/user';
import { ok } from '../../lib/envelope.ts';
import { security, type ZodScope } from '../../lib/scope.ts';
import { routeSchema } from '../../lib/contract.ts';
import { idOf } from '../../lib/query.ts';
import { applyBrandProduct, applyService, idempotencyKeyOf, signUp } from './service.ts';

const tags = ['applications'];

/** Applying: a brand product or a standardisation service (idempotent by key), signing up for an activity. */
export function applyRoutes(r: ZodScope, app: FastifyInstance) {
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
      ok(await applyBrandProduct(app.db, req.user!, req.body, idempotencyKeyOf(req.headers['idempotency-key'])), '申请已提交'),
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
}
