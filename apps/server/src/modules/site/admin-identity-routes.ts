import type { FastifyInstance } from 'fastify';
import * as api from '@zs/shared/api/admin-settings';
import { ok } from '../../lib/envelope.ts';
import { security, type ZodScope } from '../../lib/scope.ts';
import { routeSchema } from '../../lib/contract.ts';
import { addPrivacyVersion, listPrivacyVersions, saveSettings, settingsOf } from './settings.ts';

const tags = ['admin'];

/** The site's identity: footer settings and the privacy policy's versions. */
export function identityRoutes(r: ZodScope, app: FastifyInstance) {
  r.get(
    api.siteSettings.path,
    {
      schema: {
        tags,
        security,
        summary: '站点设置（仅管理员）：页脚联系人、备案号、版权、热线、地址',
        ...routeSchema(api.siteSettings),
      },
    },
    async () => ok(await settingsOf(app.db)),
  );
  r.put(
    api.saveSiteSettings.path,
    {
      schema: {
        tags,
        security,
        summary: '保存站点设置（仅管理员；前台下次加载页面即生效）',
        ...routeSchema(api.saveSiteSettings),
      },
    },
    async (req) => ok(await saveSettings(app.db, req.user!.id, req.body), '站点设置已保存'),
  );
  r.get(
    api.privacyVersions.path,
    {
      schema: { tags, security, summary: '隐私政策版本（仅管理员）', ...routeSchema(api.privacyVersions) },
    },
    async () => ok(await listPrivacyVersions(app.db)),
  );
  r.post(
    api.addPrivacyVersion.path,
    {
      schema: {
        tags,
        security,
        summary: '发布隐私政策新版本（生效日期起对外展示）',
        ...routeSchema(api.addPrivacyVersion),
      },
    },
    async (req) => ok(await addPrivacyVersion(app.db, req.user!.id, req.body), '新版本已保存'),
  );
}
