import fp from 'fastify-plugin';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminStandardDetail,
  AdminStandardPage,
  AdminStandardQuery,
  FULLTEXT_ACCESS,
  RelationsBody,
  StandardForm,
  StatusChangeBody,
} from '@zs/shared';
import { envelopeOf, notFound, ok } from '../../lib/envelope.ts';
import { idOf } from '../../lib/query.ts';
import {
  changeStatus,
  checkNumber,
  createStandard,
  listStandards,
  setFulltextAccess,
  setRelations,
  standardForEdit,
  updateStandard,
} from './service.ts';

const tags = ['admin'];
const security = [{ token: [] }];
const IdParams = z.object({ id: z.string().max(20) });
const standardId = (raw: string) => {
  const id = idOf(raw);
  if (id === null) throw notFound('标准不存在');
  return id;
};

/** The standards catalogue in the console (operator and admin). */
export default fp(
  async function adminStandardRoutes(app: FastifyInstance) {
    await app.register(async (scope) => {
      scope.addHook('onRequest', app.requireRole('operator', 'admin'));
      const r = scope.withTypeProvider<ZodTypeProvider>();

      r.get(
        '/api/admin/standards',
        {
          schema: {
            tags,
            security,
            summary: '标准库检索（编号、名称，可按状态筛选）',
            querystring: AdminStandardQuery,
            response: { 200: envelopeOf(AdminStandardPage) },
          },
        },
        async (req) => ok(await listStandards(app.db, req.query)),
      );

      r.get(
        '/api/admin/standards/check-no',
        {
          schema: {
            tags,
            security,
            summary: '检查标准编号：规范写法与已存在的记录',
            querystring: z.object({
              no: z.string().trim().min(1, '请填写标准编号').max(80, '标准编号不能超过80个字符'),
              exceptId: z.coerce.number().int().positive().optional(),
            }),
            response: {
              200: envelopeOf(
                z.object({
                  valid: z.boolean(),
                  normalized: z.string().nullable(),
                  existingId: z.number().nullable(),
                  existingNo: z.string().nullable(),
                }),
              ),
            },
          },
        },
        async (req) => ok(await checkNumber(app.db, req.query.no, req.query.exceptId)),
      );

      r.get(
        '/api/admin/standards/:id',
        {
          schema: {
            tags,
            security,
            summary: '标准全部字段、关联、状态历史与全文',
            params: IdParams,
            response: { 200: envelopeOf(AdminStandardDetail) },
          },
        },
        async (req) => ok(await standardForEdit(app.db, standardId(req.params.id))),
      );

      r.post(
        '/api/admin/standards',
        { schema: { tags, security, summary: '手工新增标准（编号按统一规则校验，重复编号拒绝）', body: StandardForm } },
        async (req) => ok(await createStandard(app.db, req.user!.id, req.body), '标准已新增'),
      );

      r.put(
        '/api/admin/standards/:id',
        {
          schema: {
            tags,
            security,
            summary: '编辑标准全部字段（状态请用状态变更）',
            params: IdParams,
            body: StandardForm,
            response: { 200: envelopeOf(AdminStandardDetail) },
          },
        },
        async (req) => ok(await updateStandard(app.db, req.user!.id, standardId(req.params.id), req.body), '已保存'),
      );

      r.post(
        '/api/admin/standards/:id/status',
        {
          schema: {
            tags,
            security,
            summary: '变更标准状态（生效日期与原因必填）；收藏该标准的用户收到站内消息',
            params: IdParams,
            body: StatusChangeBody,
            response: { 200: envelopeOf(AdminStandardDetail.extend({ notified: z.number() })) },
          },
        },
        async (req) => ok(await changeStatus(app.db, req.user!.id, standardId(req.params.id), req.body), '状态已变更'),
      );

      r.put(
        '/api/admin/standards/:id/relations',
        {
          schema: {
            tags,
            security,
            summary: '设置代替 / 部分代替关系（选择已有标准）',
            params: IdParams,
            body: RelationsBody,
            response: { 200: envelopeOf(AdminStandardDetail) },
          },
        },
        async (req) => ok(await setRelations(app.db, req.user!.id, standardId(req.params.id), req.body), '关联已保存'),
      );

      r.post(
        '/api/admin/standards/:id/fulltext/access',
        {
          schema: {
            tags,
            security,
            summary: '设置全文阅读权限：open 所有访客 / registered 注册用户 / restricted 认证企业',
            params: IdParams,
            body: z.object({ access: z.enum(FULLTEXT_ACCESS, { error: '请选择阅读权限' }) }, { error: '请选择阅读权限' }),
          },
        },
        async (req) =>
          ok(await setFulltextAccess(app.db, req.user!.id, standardId(req.params.id), req.body.access), '阅读权限已更新'),
      );
    });
  },
  { name: 'admin-standards', dependencies: ['auth', 'db', 'envelope'] },
);
