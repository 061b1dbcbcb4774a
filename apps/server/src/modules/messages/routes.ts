import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as api from '@zs/shared/api/user';
import { notFound, ok } from '../../lib/envelope.ts';
import { protectedScope, security } from '../../lib/scope.ts';
import { routeSchema } from '../../lib/contract.ts';
import { ignoreJsonBody } from '../../lib/body.ts';
import { idOf } from '../../lib/query.ts';
import { listOwn, markAllRead, markRead, openOwn } from './repository.ts';

const tags = ['messages'];
const NOT_FOUND = '消息不存在';

/** The user's own in-app messages (/my-message, /message-detail). Every query is scoped to req.user. */
export default fp(
  async function messageRoutes(app: FastifyInstance) {
    await protectedScope(app, app.requireUser, async (r) => {
      r.get(
        api.listMessages.path,
        {
          schema: {
            tags,
            security,
            summary: '我的消息（分页；unread=1 只看未读，kind 按类型筛选；另返回未读总数）',
            ...routeSchema(api.listMessages),
          },
        },
        async (req) => ok(await listOwn(app.db, req.user!.id, req.query)),
      );

      r.get(
        api.openMessage.path,
        {
          schema: {
            tags,
            security,
            summary: '消息详情（打开即标记为已读）',
            ...routeSchema(api.openMessage),
          },
        },
        async (req) => {
          const id = idOf(req.params.id);
          const m = id === null ? null : await openOwn(app.db, req.user!.id, id);
          if (!m) throw notFound(NOT_FOUND);
          return ok(m);
        },
      );

      // Bodyless calls: a client that sends a JSON content type with an empty body still gets the answer.
      await r.register(async (bodyless) => {
        ignoreJsonBody(bodyless);
        const b = bodyless.withTypeProvider<ZodTypeProvider>();
        b.post(
          api.readAllMessages.path,
          {
            schema: {
              tags,
              security,
              summary: '全部标记为已读',
              ...routeSchema(api.readAllMessages),
            },
          },
          async (req) => ok({ updated: await markAllRead(app.db, req.user!.id) }, '已全部标记为已读'),
        );

        b.post(
          api.readMessage.path,
          {
            schema: { tags, security, summary: '标记一条消息为已读', ...routeSchema(api.readMessage) },
          },
          async (req) => {
            const id = idOf(req.params.id);
            if (id === null || !(await markRead(app.db, req.user!.id, id))) throw notFound(NOT_FOUND);
            return ok(null, '已标记为已读');
          },
        );
      });
    });
  },
  { name: 'messages', dependencies: ['auth', 'db', 'envelope'] },
);
