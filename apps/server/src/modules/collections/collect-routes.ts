import type { FastifyInstance } from 'fastify';
import * as api from '@zs/shared/api/user';
import { ok } from '../../lib/envelope.ts';
import { security, type ZodScope } from '../../lib/scope.ts';
import { routeSchema } from '../../lib/contract.ts';
import { bodyOf } from '../../lib/body.ts';
import { collectedMap, listCollections, setCollected } from './service.ts';

const tags = ['collections'];

/** Collecting: the spec's collect call, the user's collection list and the list pages' collected flags. */
export function collectRoutes(r: ZodScope, app: FastifyInstance) {
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
}
