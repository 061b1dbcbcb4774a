import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as api from '@zs/shared/api/site';
import { ok } from '../../lib/envelope.ts';
import { routeSchema } from '../../lib/contract.ts';
import { footerContacts, siteInfo } from './service.ts';

export default fp(
  async function siteRoutes(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.post(
      api.footerContacts.path,
      {
        schema: {
          tags: ['site'],
          summary: '页脚联系人（第一位为平台运营人员，其余为平台技术人员）',
          ...routeSchema(api.footerContacts),
        },
      },
      async () => ok(await footerContacts(app.db)),
    );
    r.get(
      api.siteInfo.path,
      {
        schema: {
          tags: ['site'],
          summary: '站点信息（名称、ICP备案号、公安备案号及链接、版权、热线、地址）',
          ...routeSchema(api.siteInfo),
        },
      },
      async () => ok(await siteInfo(app.db)),
    );
  },
  { name: 'site', dependencies: ['db', 'envelope'] },
);
