import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import * as api from '@zs/shared/api/user';
import { ok } from '../../lib/envelope.ts';
import { protectedScope, security } from '../../lib/scope.ts';
import { routeSchema } from '../../lib/contract.ts';
import { bodyOf } from '../../lib/body.ts';
import { collectionsWorkbook } from './export.ts';
import { allCollectedStandards, collectedMap, listCollections, setCollected } from './service.ts';

const tags = ['collections'];

/** The spec's collect call plus the user's own collection list, list-page flags and Excel export. */
export default fp(
  async function collectionRoutes(app: FastifyInstance) {
    await protectedScope(app, app.requireUser, async (r) => {
      r.post(
        api.setCollected.path,
        {
          schema: {
            tags,
            security,
            summary: '收藏 / 取消收藏（幂等；对象不存在时 404）；字段也可包在 { data: { … } } 中',
            ...routeSchema(api.setCollected),
          },
          // The spec's client wraps the fields in `{ data: … }` as on the account calls.
          preValidation: async (req) => {
            req.body = bodyOf(req.body) as typeof req.body;
          },
        },
        async (req) => {
          const b = req.body;
          const res = await setCollected(app.db, req.user!.id, b.itemType, b.itemId, b.collect);
          return ok(res, res.collected ? '收藏成功' : '已取消收藏');
        },
      );

      r.get(
        api.listCollections.path,
        {
          schema: {
            tags,
            security,
            summary: '我的收藏（分页，最新在前；标准含状态、代替标准与最近状态变更）',
            ...routeSchema(api.listCollections),
          },
        },
        async (req) =>
          ok(
            await listCollections(app.db, req.user!.id, {
              itemType: req.query.itemType,
              page: req.query.page ?? 1,
              size: req.query.size ?? 10,
            }),
          ),
      );

      r.get(
        api.collectionStatus.path,
        {
          schema: {
            tags,
            security,
            summary: '列表页收藏状态：ids 中每个编号是否已收藏',
            ...routeSchema(api.collectionStatus),
          },
        },
        async (req) => ok(await collectedMap(app.db, req.user!.id, req.query.itemType, req.query.ids)),
      );

      r.get(
        api.exportCollections.path,
        {
          schema: {
            tags,
            security,
            summary: '导出收藏的标准（Excel：标准号、名称、状态、发布/实施/废止日期、被代替标准）',
            produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
          },
        },
        async (req, reply) => {
          const now = new Date();
          const buf = await collectionsWorkbook(await allCollectedStandards(app.db, req.user!.id), now);
          const name = `收藏标准-${now.toISOString().slice(0, 10)}.xlsx`;
          return reply
            .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
            .header(
              'content-disposition',
              `attachment; filename="collections.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`,
            )
            .header('cache-control', 'private, no-store')
            .send(buf);
        },
      );
    });
  },
  { name: 'collections', dependencies: ['db', 'auth', 'envelope'] },
);
