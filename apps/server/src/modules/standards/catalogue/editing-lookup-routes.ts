import type { FastifyInstance } from 'fastify';
import * as api from '@zs/shared/api/admin-standards';
import { ok } from '../../../lib/envelope.ts';
import { security, type ZodScope } from '../../../lib/scope.ts';
import { routeSchema } from '../../../lib/contract.ts';
import { checkNumber, listStandards, standardForEdit } from './editing.ts';
import { standardId, tags } from './editing-route-kit.ts';

/** Finding a standard to edit: the console search, the number check and one record with everything about it. */
export function lookupRoutes(r: ZodScope, app: FastifyInstance) {
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
}
