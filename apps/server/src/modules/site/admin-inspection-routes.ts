import type { FastifyInstance } from 'fastify';
import * as api from '@zs/shared/api/admin-settings';
import * as layout from '@zs/shared/api/console-layout';
import { ok } from '../../lib/envelope.ts';
import { security, type ZodScope } from '../../lib/scope.ts';
import { routeSchema } from '../../lib/contract.ts';
import { bannedWords, reviewLimits, saveBannedWords, saveReviewLimits } from './settings.ts';

const tags = ['admin'];

/** What the inspection-readiness page checks against: the banned / error-prone words and the overdue limits. */
export function inspectionRoutes(r: ZodScope, app: FastifyInstance) {
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
}
