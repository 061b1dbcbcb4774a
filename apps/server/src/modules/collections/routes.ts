import fp from 'fastify-plugin';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MAX_PAGE_SIZE } from '@zs/shared';
import { envelopeOf, ok, pageOf } from '../../lib/envelope.ts';
import { bodyOf } from '../../lib/body.ts';
import { collectionsWorkbook } from './export.ts';
import { ITEM_TYPES } from './items.ts';
import { allCollectedStandards, collectedMap, listCollections, setCollected } from './service.ts';

const tags = ['collections'];
const security = [{ token: [] }];
const MAX_STATUS_IDS = 100;

const itemTypeDoc = `收藏对象类型：standard（标准）或可收藏栏目的标识（${ITEM_TYPES.slice(1).join('、')}）`;
const ItemType = z.string({ message: '请指定收藏类型' }).min(1, '请指定收藏类型').max(40, '收藏类型不正确').describe(itemTypeDoc);
const ItemId = z.coerce
  .number({ message: '收藏对象编号须为正整数' })
  .int('收藏对象编号须为正整数')
  .min(1, '收藏对象编号须为正整数')
  .max(2_147_483_647, '收藏对象编号须为正整数');

export const CollectBody = z.object({
  itemType: ItemType,
  itemId: ItemId.describe('收藏对象编号（标准 id 或栏目内容 id）'),
  collect: z
    .boolean({ message: 'collect 须为 true 或 false' })
    .optional()
    .describe('true 收藏，false 取消收藏；不传则切换当前状态。重复提交结果相同'),
});

const opt = <T extends z.ZodType>(s: T) => z.preprocess((v) => (v === '' ? undefined : v), s.optional());
const pageNo = z.coerce
  .number({ message: '页码须为正整数' })
  .int('页码须为正整数')
  .min(1, '页码须为正整数')
  .max(10_000, '页码须为正整数');
const pageSize = z.coerce
  .number({ message: `每页条数须为1-${MAX_PAGE_SIZE}` })
  .int(`每页条数须为1-${MAX_PAGE_SIZE}`)
  .min(1, `每页条数须为1-${MAX_PAGE_SIZE}`)
  .max(MAX_PAGE_SIZE, `每页条数须为1-${MAX_PAGE_SIZE}`);

const Ids = z
  .string({ message: '请提供要查询的编号' })
  .regex(/^\d{1,10}(,\d{1,10})*$/, '编号须为以逗号分隔的正整数')
  .transform((s) => [...new Set(s.split(',').map(Number))])
  .refine((ids) => ids.length <= MAX_STATUS_IDS, `每次最多查询${MAX_STATUS_IDS}个编号`)
  .refine((ids) => ids.every((n) => n >= 1 && n <= 2_147_483_647), '编号须为以逗号分隔的正整数');

const Entry = z.object({
  id: z.number(),
  itemType: z.string(),
  itemId: z.number(),
  createdAt: z.string(),
  available: z.boolean().describe('收藏后内容被删除或下线时为 false'),
  standard: z
    .object({
      standardNo: z.string(),
      nameZh: z.string(),
      status: z.string(),
      publishDate: z.string().nullable(),
      implementDate: z.string().nullable(),
      abolishDate: z.string().nullable(),
      replacedBy: z.object({ standardNo: z.string(), id: z.number() }).nullable(),
      lastChange: z.object({ oldStatus: z.string().nullable(), newStatus: z.string(), changedAt: z.string() }).nullable(),
    })
    .nullable(),
  item: z.object({ title: z.string(), section: z.string(), sectionName: z.string() }).nullable(),
});

/** The spec's collect call plus the user's own collection list, list-page flags and Excel export. */
export default fp(
  async function collectionRoutes(app: FastifyInstance) {
    await app.register(async (scope) => {
      scope.addHook('onRequest', app.requireUser);
      const r = scope.withTypeProvider<ZodTypeProvider>();

      r.post(
        '/api/zs/ent/EntZsCollection/zsCollectionAddOrUpdate',
        {
          schema: {
            tags,
            security,
            summary: '收藏 / 取消收藏（幂等；对象不存在时 404）；字段也可包在 { data: { … } } 中',
            body: CollectBody,
            response: { 200: envelopeOf(z.object({ collected: z.boolean() })) },
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
        '/api/user/collections',
        {
          schema: {
            tags,
            security,
            summary: '我的收藏（分页，最新在前；标准含状态、代替标准与最近状态变更）',
            querystring: z.object({ itemType: opt(ItemType), page: opt(pageNo), size: opt(pageSize) }),
            response: { 200: envelopeOf(pageOf(Entry)) },
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
        '/api/user/collections/status',
        {
          schema: {
            tags,
            security,
            summary: '列表页收藏状态：ids 中每个编号是否已收藏',
            querystring: z.object({ itemType: ItemType, ids: Ids }),
            response: { 200: envelopeOf(z.record(z.string(), z.boolean())) },
          },
        },
        async (req) => ok(await collectedMap(app.db, req.user!.id, req.query.itemType, req.query.ids)),
      );

      r.get(
        '/api/user/collections/export',
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
