import type { FastifyInstance } from 'fastify';
import * as api from '@zs/shared/api/admin-standards';
import { ok } from '../../../lib/envelope.ts';
import { security, type ZodScope } from '../../../lib/scope.ts';
import { routeSchema } from '../../../lib/contract.ts';
import { changeStatus, createStandard, setFulltextAccess, setRelations, updateStandard } from './editing.ts';
import { standardId, tags, type StandardEditingOptions } from './editing-route-kit.ts';

/** Changing the catalogue: new records, edits, status changes (collectors told), replacement relations, full-text access. */
export function changeRoutes(r: ZodScope, app: FastifyInstance, opts: StandardEditingOptions) {
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
    async (req) => {
      const changed = await changeStatus(app.db, req.user!.id, standardId(req.params.id), req.body, opts.alertStatusChange);
      opts.afterStatusChange?.();
      return ok(changed, '状态已变更');
    },
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
}
