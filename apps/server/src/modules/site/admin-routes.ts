import fp from 'fastify-plugin';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BannedWordsForm, PrivacyVersion, PrivacyVersionForm, ReviewLimitsForm, SiteSettingsForm } from '@zs/shared';
import { envelopeOf, ok } from '../../lib/envelope.ts';
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
const security = [{ token: [] }];

/** Site settings: admin only (operators run content and reviews, not the site's identity). */
export default fp(
  async function siteAdminRoutes(app: FastifyInstance) {
    await app.register(async (scope) => {
      scope.addHook('onRequest', app.requireRole('admin'));
      const r = scope.withTypeProvider<ZodTypeProvider>();
      r.get(
        '/api/admin/settings',
        { schema: { tags, security, summary: '站点设置（仅管理员）：页脚联系人、备案号、版权、热线、地址' } },
        async () => ok(await settingsOf(app.db)),
      );
      r.put(
        '/api/admin/settings',
        { schema: { tags, security, summary: '保存站点设置（仅管理员；前台下次加载页面即生效）', body: SiteSettingsForm } },
        async (req) => ok(await saveSettings(app.db, req.user!.id, req.body), '站点设置已保存'),
      );
      r.get(
        '/api/admin/settings/privacy',
        {
          schema: { tags, security, summary: '隐私政策版本（仅管理员）', response: { 200: envelopeOf(z.array(PrivacyVersion)) } },
        },
        async () => ok(await listPrivacyVersions(app.db)),
      );
      r.post(
        '/api/admin/settings/privacy',
        {
          schema: {
            tags,
            security,
            summary: '发布隐私政策新版本（生效日期起对外展示）',
            body: PrivacyVersionForm,
            response: { 200: envelopeOf(z.array(PrivacyVersion)) },
          },
        },
        async (req) => ok(await addPrivacyVersion(app.db, req.user!.id, req.body), '新版本已保存'),
      );
      r.get(
        '/api/admin/settings/banned-words',
        { schema: { tags, security, summary: '禁用词 / 易错词表（仅管理员）', response: { 200: envelopeOf(BannedWordsForm) } } },
        async () => ok({ words: await bannedWords(app.db) }),
      );
      r.put(
        '/api/admin/settings/banned-words',
        {
          schema: {
            tags,
            security,
            summary: '保存禁用词 / 易错词表（仅管理员）',
            body: BannedWordsForm,
            response: { 200: envelopeOf(BannedWordsForm) },
          },
        },
        async (req) => ok({ words: await saveBannedWords(app.db, req.user!.id, req.body.words) }, '词表已保存'),
      );
      r.get(
        '/api/admin/settings/review-limits',
        {
          schema: {
            tags,
            security,
            summary: '待办超期期限（天，仅管理员）：网站检查页据此统计超期的反馈、申请和企业认证',
            response: { 200: envelopeOf(ReviewLimitsForm) },
          },
        },
        async () => ok(await reviewLimits(app.db)),
      );
      r.put(
        '/api/admin/settings/review-limits',
        {
          schema: {
            tags,
            security,
            summary: '保存待办超期期限（仅管理员，1-365 天）',
            body: ReviewLimitsForm,
            response: { 200: envelopeOf(ReviewLimitsForm) },
          },
        },
        async (req) => ok(await saveReviewLimits(app.db, req.user!.id, req.body), '超期期限已保存'),
      );
    });
  },
  { name: 'site-admin', dependencies: ['auth', 'db', 'envelope'] },
);
