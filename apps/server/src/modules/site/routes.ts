import fp from 'fastify-plugin';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeOf, ok } from '../../lib/envelope.ts';
import { footerContacts, siteInfo } from './service.ts';

const Contact = z.object({ realName: z.string(), mobile: z.string(), email: z.string().optional(), demo: z.boolean() });

export default fp(
  async function siteRoutes(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.post(
      '/api/zs/ent/userInfoBz/Operater',
      {
        schema: {
          tags: ['site'],
          summary: '页脚联系人（第一位为平台运营人员，其余为平台技术人员）',
          response: { 200: envelopeOf(z.array(Contact)) },
        },
      },
      async () => ok(await footerContacts(app.db)),
    );
    r.get(
      '/api/portal/site',
      {
        schema: {
          tags: ['site'],
          summary: '站点信息（名称、ICP备案号、公安备案号及链接、版权、热线、地址）',
          response: {
            200: envelopeOf(
              z.object({
                siteName: z.string(),
                icpRecord: z.string(),
                policeRecord: z.string(),
                policeRecordUrl: z.string(),
                copyright: z.string(),
                hotline: z.string(),
                address: z.string(),
              }),
            ),
          },
        },
      },
      async () => ok(await siteInfo(app.db)),
    );
  },
  { name: 'site', dependencies: ['db', 'envelope'] },
);
