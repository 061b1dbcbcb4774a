import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as api from '@zs/shared/api/site';
import { ok } from '../../lib/envelope.ts';
import { routeSchema } from '../../lib/contract.ts';
import { footerContacts, siteInfo } from './service.ts';
import { hideEmptySections, type SectionVisibilityOptions } from './sections.ts';

export default fp<SectionVisibilityOptions>(
  async function siteRoutes(app: FastifyInstance, opts: SectionVisibilityOptions) {
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
          summary: '站点信息（名称、ICP备案号、公安备案号及链接、版权、热线、地址，以及“隐藏空栏目”此刻隐藏的栏目页）',
          ...routeSchema(api.siteInfo),
        },
      },
      async () => {
        const hide = await hideEmptySections(app.db);
        // The portal is asked which pages are empty only while the office hides them (this runs on every page view).
        const hidden = hide && opts.emptyPages ? (await opts.emptyPages(app.db)).map((p) => p.path) : [];
        return ok({ ...(await siteInfo(app.db)), hideEmptySections: hide, hiddenPages: hidden });
      },
    );
  },
  { name: 'site', dependencies: ['db', 'envelope'] },
);
