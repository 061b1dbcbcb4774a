import fp from 'fastify-plugin';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  activitySignupSchema,
  APPLICATION_KINDS,
  APPLICATION_STATUSES,
  brandProductApplicationSchema,
  serviceApplicationSchema,
} from '@zs/shared';
import { envelopeOf, ok, pageOf } from '../../lib/envelope.ts';
import { idOf, pageParam, sizeParam } from '../../lib/query.ts';
import { listOwn } from './repository.ts';
import { applyBrandProduct, applyService, idempotencyKeyOf, ownApplication, signUp, withdraw } from './service.ts';

const tags = ['applications'];
const security = [{ token: [] }];
const IdemHeader = z.object({ 'idempotency-key': z.string().optional().describe('可选：同一键的重复提交返回第一次的结果') });

const Created = envelopeOf(z.object({ id: z.number(), referenceNo: z.string() }));
const Summary = z.object({
  id: z.number(),
  kind: z.enum(APPLICATION_KINDS),
  kindName: z.string(),
  referenceNo: z.string(),
  refId: z.number().nullable(),
  refTitle: z.string().nullable(),
  status: z.enum(APPLICATION_STATUSES),
  statusName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
const Detail = Summary.extend({
  form: z.record(z.string(), z.unknown()),
  reason: z.string().nullable(),
  withdrawable: z.boolean(),
  timeline: z.array(z.object({ status: z.string(), statusName: z.string(), note: z.string().nullable(), createdAt: z.string() })),
  attachments: z.array(z.object({ id: z.number(), name: z.string(), size: z.number(), mime: z.string() })),
});
const IdParams = z.object({ id: z.string().max(20) });

/** The user's applications and sign-ups (/api/user/…), all behind requireUser. */
export default fp(
  async function applicationRoutes(app: FastifyInstance) {
    await app.register(async (scope) => {
      scope.addHook('onRequest', app.requireUser);
      const r = scope.withTypeProvider<ZodTypeProvider>();

      r.post(
        '/api/user/applications/brand-product',
        {
          schema: {
            tags,
            security,
            summary: '香山之品品牌产品申请',
            headers: IdemHeader,
            body: brandProductApplicationSchema,
            response: { 200: Created },
          },
        },
        async (req) =>
          ok(
            await applyBrandProduct(app.db, req.user!, req.body, idempotencyKeyOf(req.headers['idempotency-key'])),
            '申请已提交',
          ),
      );

      r.post(
        '/api/user/applications/service',
        {
          schema: {
            tags,
            security,
            summary: '标准化服务申请',
            headers: IdemHeader,
            body: serviceApplicationSchema,
            response: { 200: Created },
          },
        },
        async (req) =>
          ok(await applyService(app.db, req.user!, req.body, idempotencyKeyOf(req.headers['idempotency-key'])), '申请已提交'),
      );

      r.post(
        '/api/user/activities/:id/signup',
        {
          schema: {
            tags,
            security,
            summary: '活动报名（开放报名、未截止、有剩余名额、不可重复报名）',
            params: IdParams,
            body: activitySignupSchema,
            response: { 200: envelopeOf(z.object({ id: z.number(), referenceNo: z.string(), seatsLeft: z.number() })) },
          },
        },
        async (req) => ok(await signUp(app.db, req.user!, idOf(req.params.id), req.body ?? {}), '报名成功'),
      );

      r.get(
        '/api/user/applications',
        {
          schema: {
            tags,
            security,
            summary: '我的申请（分页，可按类型、状态筛选）',
            querystring: z.object({
              kind: z.enum(APPLICATION_KINDS, { error: '申请类型不正确' }).optional(),
              status: z.enum(APPLICATION_STATUSES, { error: '申请状态不正确' }).optional(),
              page: pageParam,
              size: sizeParam,
            }),
            response: { 200: envelopeOf(pageOf(Summary)) },
          },
        },
        async (req) => ok(await listOwn(app.db, req.user!.id, req.query)),
      );

      r.get(
        '/api/user/applications/:id',
        {
          schema: {
            tags,
            security,
            summary: '申请详情（含办理进度和附件）',
            params: IdParams,
            response: { 200: envelopeOf(Detail) },
          },
        },
        async (req) => ok(await ownApplication(app.db, req.user!.id, idOf(req.params.id))),
      );

      r.post(
        '/api/user/applications/:id/withdraw',
        {
          schema: {
            tags,
            security,
            summary: '撤回申请（仅提交、受理状态）',
            params: IdParams,
            response: { 200: envelopeOf(Detail) },
          },
        },
        async (req) => ok(await withdraw(app.db, req.user!.id, idOf(req.params.id)), '已撤回'),
      );
    });
  },
  { name: 'applications', dependencies: ['auth', 'db', 'envelope'] },
);
