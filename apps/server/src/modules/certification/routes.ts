import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import * as api from '@zs/shared/api/user';
import { ok } from '../../lib/envelope.ts';
import { protectedScope, security } from '../../lib/scope.ts';
import { routeSchema } from '../../lib/contract.ts';
import { currentCertification, submitCertification } from './service.ts';

const tags = ['certification'];

/** The user's own enterprise certification (/enterprise-auth, docs/product.md §6). */
export default fp(
  async function certificationRoutes(app: FastifyInstance) {
    await protectedScope(app, app.requireUser, async (r) => {
      r.get(
        api.fetchCertification.path,
        {
          schema: {
            tags,
            security,
            summary: '我的企业认证（none 未提交 / pending 审核中 / approved 已认证 / rejected 未通过及原因）',
            ...routeSchema(api.fetchCertification),
          },
        },
        async (req) => ok(await currentCertification(app.db, req.user!.id)),
      );

      r.post(
        api.submitCertification.path,
        {
          schema: {
            tags,
            security,
            summary: '提交企业认证（未提交或被驳回后可提交；营业执照须为本人上传的 PNG/JPG/PDF 文件）',
            ...routeSchema(api.submitCertification),
          },
        },
        async (req) => ok(await submitCertification(app.db, req.user!.id, req.body), '认证信息已提交，请等待审核'),
      );
    });
  },
  { name: 'certification', dependencies: ['auth', 'db', 'envelope', 'files'] },
);
