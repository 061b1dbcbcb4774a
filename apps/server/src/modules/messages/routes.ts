import fp from 'fastify-plugin';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MESSAGE_KINDS } from '@zs/shared';
import { envelopeOf, notFound, ok, pageOf } from '../../lib/envelope.ts';
import { ignoreJsonBody } from '../../lib/body.ts';
import { idOf, pageParam, sizeParam } from '../../lib/query.ts';
import { listOwn, markAllRead, markRead, openOwn } from './repository.ts';

const tags = ['messages'];
const security = [{ token: [] }];
const NOT_FOUND = '消息不存在';

export const MessageSchema = z.object({
  id: z.number(),
  kind: z.enum(MESSAGE_KINDS),
  kindName: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  refType: z.string().nullable(),
  refId: z.number().nullable(),
  read: z.boolean(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
const IdParams = z.object({ id: z.string().max(20) });
const flag = z
  .enum(['1', '0', 'true', 'false', ''], { error: 'unread 参数须为 1 或 0' })
  .optional()
  .transform((v) => v === '1' || v === 'true');

/** The user's own in-app messages (/my-message, /message-detail). Every query is scoped to req.user. */
export default fp(
  async function messageRoutes(app: FastifyInstance) {
    await app.register(async (scope) => {
      scope.addHook('onRequest', app.requireUser);
      const r = scope.withTypeProvider<ZodTypeProvider>();

      r.get(
        '/api/user/messages',
        {
          schema: {
            tags,
            security,
            summary: '我的消息（分页；unread=1 只看未读，kind 按类型筛选；另返回未读总数）',
            querystring: z.object({
              unread: flag,
              kind: z.enum(MESSAGE_KINDS, { error: '消息类型不正确' }).optional(),
              page: pageParam,
              size: sizeParam,
            }),
            response: { 200: envelopeOf(pageOf(MessageSchema).extend({ unread: z.number() })) },
          },
        },
        async (req) => ok(await listOwn(app.db, req.user!.id, req.query)),
      );

      r.get(
        '/api/user/messages/:id',
        {
          schema: {
            tags,
            security,
            summary: '消息详情（打开即标记为已读）',
            params: IdParams,
            response: { 200: envelopeOf(MessageSchema) },
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
      await scope.register(async (bodyless) => {
        ignoreJsonBody(bodyless);
        const b = bodyless.withTypeProvider<ZodTypeProvider>();
        b.post(
          '/api/user/messages/read-all',
          {
            schema: {
              tags,
              security,
              summary: '全部标记为已读',
              response: { 200: envelopeOf(z.object({ updated: z.number() })) },
            },
          },
          async (req) => ok({ updated: await markAllRead(app.db, req.user!.id) }, '已全部标记为已读'),
        );

        b.post(
          '/api/user/messages/:id/read',
          {
            schema: { tags, security, summary: '标记一条消息为已读', params: IdParams, response: { 200: envelopeOf(z.null()) } },
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
