import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import * as api from '@zs/shared/api/admin-standards';
import { notFound, ok } from '../../../lib/envelope.ts';
import { protectedScope, security } from '../../../lib/scope.ts';
import { routeSchema } from '../../../lib/contract.ts';
import { idOf } from '../../../lib/query.ts';
import {
  changeStatus,
  checkNumber,
  createStandard,
  listStandards,
  setFulltextAccess,
  setRelations,
  standardForEdit,
  updateStandard,
  type StatusChangeAlert,
} from './editing.ts';

const tags = ['admin'];
const standardId = (raw: string) => {
  const id = idOf(raw);
  if (id === null) throw notFound('标准不存在');
  return id;
};

export interface StandardEditingOptions {
  /** Messages the collectors of a standard whose status changed, in the change's transaction (alerts' alertStatusChange). */
  alertStatusChange: StatusChangeAlert;
}

/** The standards catalogue in the console (operator and admin). */
export default fp<StandardEditingOptions>(
  async function adminStandardRoutes(app: FastifyInstance, opts: StandardEditingOptions) {
    await protectedScope(app, app.requireRole('operator', 'admin'), async (r) => {
      r.get(
        api.listAdminStandards.path,
        {
          schema: {
            tags,
            security,
            summary: '标准库检索（编号、名称，可按状态筛选）',
            ...routeSchema(api.listAdminStandards),
          },
        },
        async (req) => ok(await listStandards(app.db, req.query)),
      );

      r.get(
        api.checkStandardNo.path,
        {
          schema: {
            tags,
            security,
            summary: '检查标准编号：规范写法与已存在的记录',
            ...routeSchema(api.checkStandardNo),
          },
        },
        async (req) => ok(await checkNumber(app.db, req.query.no, req.query.exceptId)),
      );

      r.get(
        api.adminStandardDetail.path,
        {
          schema: {
            tags,
            security,
            summary: '标准全部字段、关联、状态历史与全文',
            ...routeSchema(api.adminStandardDetail),
          },
        },
        async (req) => ok(await standardForEdit(app.db, standardId(req.params.id))),
      );

      r.post(
        api.createAdminStandard.path,
        {
          schema: {
            tags,
            security,
            summary: '手工新增标准（编号按统一规则校验，重复编号拒绝）',
            ...routeSchema(api.createAdminStandard),
          },
        },
        async (req) => ok(await createStandard(app.db, req.user!.id, req.body), '标准已新增'),
      );

      r.put(
        api.updateAdminStandard.path,
        {
          schema: {
            tags,
            security,
            summary: '编辑标准全部字段（状态请用状态变更）',
            ...routeSchema(api.updateAdminStandard),
          },
        },
        async (req) => ok(await updateStandard(app.db, req.user!.id, standardId(req.params.id), req.body), '已保存'),
      );

      r.post(
        api.changeStandardStatus.path,
        {
          schema: {
            tags,
            security,
            summary: '变更标准状态（生效日期与原因必填）；收藏该标准的用户收到站内消息',
            ...routeSchema(api.changeStandardStatus),
          },
        },
        async (req) =>
          ok(await changeStatus(app.db, req.user!.id, standardId(req.params.id), req.body, opts.alertStatusChange), '状态已变更'),
      );

      r.put(
        api.setStandardRelations.path,
        {
          schema: {
            tags,
            security,
            summary: '设置代替 / 部分代替关系（选择已有标准）',
            ...routeSchema(api.setStandardRelations),
          },
        },
        async (req) => ok(await setRelations(app.db, req.user!.id, standardId(req.params.id), req.body), '关联已保存'),
      );

      r.post(
        api.setFulltextAccess.path,
        {
          schema: {
            tags,
            security,
            summary: '设置全文阅读权限：open 所有访客 / registered 注册用户 / restricted 认证企业',
            ...routeSchema(api.setFulltextAccess),
          },
        },
        async (req) =>
          ok(await setFulltextAccess(app.db, req.user!.id, standardId(req.params.id), req.body.access), '阅读权限已更新'),
      );
    });
  },
  { name: 'admin-standards', dependencies: ['auth', 'db', 'envelope'] },
);
