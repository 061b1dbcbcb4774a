import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import * as api from '@zs/shared/api/admin-dashboard';
import { ok } from '../../lib/envelope.ts';
import { protectedScope, security } from '../../lib/scope.ts';
import { routeSchema } from '../../lib/contract.ts';
import { dashboard } from './dashboard.ts';
import { demoCounts, removeDemo } from './demo.ts';
import { health } from './health.ts';
import { checkLinks } from './links.ts';
import { lastLinkCheckAt } from './repository.ts';

const tags = ['admin'];
const DAY_MS = 86400_000;

/** Dashboard, inspection readiness (with the nightly link check) and demo-content removal. */
export default fp(
  async function adminOpsRoutes(app: FastifyInstance) {
    // Nightly: an hourly tick runs the link check when the last one is a day old; unref'd, stopped on close.
    let checking: Promise<unknown> | null = null;
    const tick = async () => {
      const last = await lastLinkCheckAt(app.db);
      if (last && Date.now() - Date.parse(String(last)) < DAY_MS) return;
      checking ??= checkLinks(app)
        .catch((err: unknown) => app.log.error({ err }, 'link check failed'))
        .finally(() => {
          checking = null;
        });
      await checking;
    };
    const timer = setInterval(() => void tick().catch(() => undefined), 3600_000);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await checking;
    });

    await protectedScope(app, app.requireRole('operator', 'admin'), async (r) => {
      r.get(
        api.adminDashboard.path,
        {
          schema: {
            tags,
            security,
            summary: '运营概览：待办、数据、30 天趋势、热门与无结果检索、收藏最多的标准',
            ...routeSchema(api.adminDashboard),
          },
        },
        async () => ok(await dashboard(app.db, (await health(app.db)).red)),
      );
      r.get(
        api.siteHealth.path,
        {
          schema: {
            tags,
            security,
            summary: '网站检查准备：栏目更新、空白栏目、失效链接与附件、超期待办、错敏词',
            ...routeSchema(api.siteHealth),
          },
        },
        async () => ok(await health(app.db)),
      );
      r.post(
        api.checkSiteLinks.path,
        { schema: { tags, security, summary: '立即检查站内链接与附件', ...routeSchema(api.checkSiteLinks) } },
        async () => {
          await checkLinks(app);
          return ok(await health(app.db), '检查完成');
        },
      );
    });

    await protectedScope(app, app.requireRole('admin'), async (r) => {
      r.get(
        api.demoCounts.path,
        { schema: { tags, security, summary: '仍在站内的示例内容数量（仅管理员）', ...routeSchema(api.demoCounts) } },
        async () => ok(await demoCounts(app.db)),
      );
      r.post(
        api.removeDemo.path,
        {
          schema: {
            tags,
            security,
            summary: '一键删除全部示例内容（仅管理员；真实数据不受影响，重启后不再恢复）',
            ...routeSchema(api.removeDemo),
          },
        },
        async (req) => ok(await removeDemo(app.db, app.config.filesDir, req.user!.id), '示例内容已删除'),
      );
    });
  },
  { name: 'admin-ops', dependencies: ['auth', 'db', 'envelope', 'config'] },
);
