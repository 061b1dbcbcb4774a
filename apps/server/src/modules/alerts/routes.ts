import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as api from '@zs/shared/api/alerts';
import { badRequest, notFound, ok } from '../../lib/envelope.ts';
import { routeSchema } from '../../lib/contract.ts';
import type { Query } from '../../db/tx.ts';
import { protectedScope, security } from '../../lib/scope.ts';
import { addressOf } from '../mail/index.ts';
import { leadDaysOf, preferencesOf, setLeadDays, setPreference, unsubscribe, unsubscribeTarget } from './preferences.ts';
import { addWatch, removeWatch, WATCH_LIMIT, watchesOf } from './watches.ts';

const tags = ['alerts'];
const UNKNOWN = '退订链接无效';

/** The user's alert settings (/api/user/alerts/*) and the one-click unsubscribe of alert mails (no login). */
export default fp(
  async function alertRoutes(app: FastifyInstance) {
    const q: Query = (t, p) => app.db.query(t, p);
    const r = app.withTypeProvider<ZodTypeProvider>();
    // GET only tells what the link names (mail scanners open links); the page's button and RFC 8058's one-click POST
    // unsubscribe.
    r.get(
      api.unsubscribeAlert.path,
      { schema: { tags, summary: '退订链接所指的提醒（不改变设置，无需登录）', ...routeSchema(api.unsubscribeAlert) } },
      async (req) => {
        const found = await unsubscribeTarget(q, req.query.token);
        if (!found) throw badRequest(UNKNOWN);
        return ok(found);
      },
    );
    r.post(
      api.unsubscribeAlertOneClick.path,
      {
        schema: {
          tags,
          summary: '退订提醒邮件（退订页的按钮与 RFC 8058 一键退订，无需登录）',
          ...routeSchema(api.unsubscribeAlertOneClick),
        },
      },
      async (req) => {
        const done = await unsubscribe(app.db, req.query.token);
        if (!done) throw badRequest(UNKNOWN);
        return ok(done, '已退订，今后不再发送此类邮件');
      },
    );
    await protectedScope(app, app.requireUser, async (s) => {
      const settings = async (userId: number, email: string | null) => {
        const address = await addressOf(q, userId);
        return {
          emailEnabled: app.mailer.enabled,
          emailOffReason: app.mailer.offReason,
          email: address?.email ?? email,
          emailVerified: address?.verified ?? false,
          preferences: await preferencesOf(q, userId),
          leadDays: await leadDaysOf(q, userId),
          smsDailyCap: app.config.alerts.smsDailyCap,
        };
      };
      s.get(
        api.alertSettings.path,
        {
          schema: {
            tags,
            security,
            summary: '提醒设置：邮件是否可用、邮箱及验证状态、各类提醒的渠道',
            ...routeSchema(api.alertSettings),
          },
        },
        async (req) => ok(await settings(req.user!.id, req.user!.email)),
      );
      s.put(
        api.setAlertPreference.path,
        { schema: { tags, security, summary: '设置某类提醒是否通过某渠道发送', ...routeSchema(api.setAlertPreference) } },
        async (req) => {
          await setPreference(app.db, req.user!.id, req.body);
          return ok(await preferencesOf(q, req.user!.id), '已保存');
        },
      );
      s.put(
        api.setAlertLeadDays.path,
        { schema: { tags, security, summary: '设置“即将实施”提前几天提醒（30、7、1）', ...routeSchema(api.setAlertLeadDays) } },
        async (req) => ok({ leadDays: await setLeadDays(app.db, req.user!.id, req.body.leadDays) }, '已保存'),
      );
      // Watch lists (关注): a standard, a series, a class, a keyword, a unit (decisions/0085).
      s.get(
        api.listWatches.path,
        { schema: { tags, security, summary: '我的关注', ...routeSchema(api.listWatches) } },
        async (req) => ok({ list: await watchesOf(q, req.user!.id), limit: WATCH_LIMIT }),
      );
      s.post(
        api.addWatch.path,
        { schema: { tags, security, summary: '添加关注（标准、系列、分类、关键词、单位）', ...routeSchema(api.addWatch) } },
        async (req) => {
          const r = await addWatch(app.db, req.user!.id, req.body.kind, req.body.value);
          if (!r.ok) throw badRequest(r.reason);
          return ok(r.watch, '已关注');
        },
      );
      s.delete(
        api.removeWatch.path,
        { schema: { tags, security, summary: '取消关注', ...routeSchema(api.removeWatch) } },
        async (req) => {
          if (!(await removeWatch(app.db, req.user!.id, req.params.id))) throw notFound('关注不存在');
          return ok({ id: req.params.id }, '已取消关注');
        },
      );
    });
  },
  { name: 'alert-routes', dependencies: ['auth', 'mail', 'envelope'] },
);
