import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import * as api from '@zs/shared/api/admin-settings';
import * as layout from '@zs/shared/api/console-layout';
import { ok } from '../../lib/envelope.ts';
import { protectedScope, security } from '../../lib/scope.ts';
import { routeSchema } from '../../lib/contract.ts';
import {
  addPrivacyVersion,
  bannedWords,
  listPrivacyVersions,
  reviewLimits,
  saveBannedWords,
  saveReviewLimits,
  saveSettings,
  settingsOf,
} from './settings.ts';

const tags = ['admin'];

/** Site settings: admin only (operators run content and reviews, not the site's identity). */
export default fp(
  async function siteAdminRoutes(app: FastifyInstance) {
    await protectedScope(app, app.requireRole('admin'), async (r) => {
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
      r.get(
        api.bannedWords.path,
        { schema: { tags, security, summary: '禁用词 / 易错词表（仅管理员）', ...routeSchema(api.bannedWords) } },
        async () => ok({ words: await bannedWords(app.db) }),
      );
      r.put(
        api.saveBannedWords.path,
        {
          schema: {
            tags,
            security,
            summary: '保存禁用词 / 易错词表（仅管理员）',
            ...routeSchema(api.saveBannedWords),
          },
        },
        async (req) => ok({ words: await saveBannedWords(app.db, req.user!.id, req.body.words) }, '词表已保存'),
      );
      r.get(
        layout.reviewLimits.path,
        {
          schema: {
            tags,
            security,
            summary: '待办超期期限（天，仅管理员）：网站检查页据此统计超期的反馈、申请和企业认证',
            ...routeSchema(layout.reviewLimits),
          },
        },
        async () => ok(await reviewLimits(app.db)),
      );
      r.put(
        layout.saveReviewLimits.path,
        {
          schema: {
            tags,
            security,
            summary: '保存待办超期期限（仅管理员，1-365 天）',
            ...routeSchema(layout.saveReviewLimits),
          },
        },
        async (req) => ok(await saveReviewLimits(app.db, req.user!.id, req.body), '超期期限已保存'),
      );
    });
  },
  { name: 'site-admin', dependencies: ['auth', 'db', 'envelope'] },
);
