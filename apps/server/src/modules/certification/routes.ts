import fp from 'fastify-plugin';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CERTIFICATION_STATES, certificationSchema } from '@zs/shared';
import { envelopeOf, ok } from '../../lib/envelope.ts';
import { currentCertification, submitCertification } from './service.ts';

const tags = ['certification'];
const security = [{ token: [] }];

export const CertificationView = z.object({
  id: z.number(),
  status: z.enum(CERTIFICATION_STATES),
  statusName: z.string(),
  companyName: z.string(),
  creditCode: z.string(),
  legalRep: z.string(),
  contactName: z.string(),
  contactMobile: z.string(),
  rejectReason: z.string().nullable(),
  submittedAt: z.string(),
  reviewedAt: z.string().nullable(),
  licenceFile: z.object({ id: z.number(), name: z.string(), size: z.number(), mime: z.string(), url: z.string() }).nullable(),
});

/** The user's own enterprise certification (/enterprise-auth, docs/product.md §6). */
export default fp(
  async function certificationRoutes(app: FastifyInstance) {
    await app.register(async (scope) => {
      scope.addHook('onRequest', app.requireUser);
      const r = scope.withTypeProvider<ZodTypeProvider>();

      r.get(
        '/api/user/certification',
        {
          schema: {
            tags,
            security,
            summary: '我的企业认证（none 未提交 / pending 审核中 / approved 已认证 / rejected 未通过及原因）',
            response: {
              200: envelopeOf(
                z.object({
                  status: z.enum(CERTIFICATION_STATES),
                  statusName: z.string(),
                  canSubmit: z.boolean(),
                  certification: CertificationView.nullable(),
                }),
              ),
            },
          },
        },
        async (req) => ok(await currentCertification(app.db, req.user!.id)),
      );

      r.post(
        '/api/user/certification',
        {
          schema: {
            tags,
            security,
            summary: '提交企业认证（未提交或被驳回后可提交；营业执照须为本人上传的 PNG/JPG/PDF 文件）',
            body: certificationSchema,
            response: { 200: envelopeOf(z.object({ id: z.number(), status: z.literal('pending') })) },
          },
        },
        async (req) => ok(await submitCertification(app.db, req.user!.id, req.body), '认证信息已提交，请等待审核'),
      );
    });
  },
  { name: 'certification', dependencies: ['auth', 'db', 'envelope', 'files'] },
);
