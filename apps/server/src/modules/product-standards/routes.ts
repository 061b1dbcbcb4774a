import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as api from '@zs/shared/api/product-standards';
import { BATCH_CHECK_MAX, BATCH_CHECK_TOO_MANY, TOWN_CODES } from '@zs/shared';
import { badRequest, ok } from '../../lib/envelope.ts';
import { routeSchema } from '../../lib/contract.ts';
import { protectedScope, security } from '../../lib/scope.ts';
import { numbersFromFile } from '../standards/index.ts';
import { assignTown } from './repository.ts';
import { addLines, exposure, listLines, removeLine } from './service.ts';

const tags = ['product-standards'];
/** The batch check's upload limits (modules/standards/catalogue/export-routes.ts). */
const UPLOAD = { fileSize: 2 * 1024 * 1024, files: 1, fields: 2, parts: 3 };

/** An uploaded list read as the batch check reads it, and the optional product name field. */
async function readUpload(req: FastifyRequest): Promise<{ numbers: string[]; productName?: string }> {
  if (!req.isMultipart()) throw badRequest('请以 multipart/form-data 方式上传文件');
  let content: Buffer | undefined;
  let productName: string | undefined;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') content = await part.toBuffer();
      else if (part.fieldname === 'productName' && typeof part.value === 'string') productName = part.value.trim();
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest('文件不能超过2MB');
    throw badRequest('上传内容不完整，请重新上传');
  }
  if (!content?.length) throw badRequest('请选择要上传的文件');
  if (productName && productName.length > 100) throw badRequest('产品名称不能超过100个字符');
  let numbers: string[];
  try {
    numbers = await numbersFromFile(content);
  } catch (err) {
    const message = (err as Error).name === 'EncodingError' || (err as Error).name === 'ZipLimitError';
    throw badRequest(message ? (err as Error).message : '无法读取文件，请上传 TXT、CSV 或 XLSX 文件');
  }
  if (!numbers.length) throw badRequest('文件中没有找到标准号');
  if (numbers.length > BATCH_CHECK_MAX) throw badRequest(BATCH_CHECK_TOO_MANY);
  return { numbers, productName: productName || undefined };
}

/** 产品执行标准 of a certified enterprise (user centre) and the office's figure (console dashboard). */
export default fp(
  async function productStandardRoutes(app: FastifyInstance) {
    await protectedScope(
      app,
      app.requireUser,
      (r) => {
        r.get(
          api.listProductStandards.path,
          { schema: { tags, security, summary: '我的产品执行标准（仅认证企业）', ...routeSchema(api.listProductStandards) } },
          async (req) => ok(await listLines(app.db, req.user!.id)),
        );
        r.post(
          api.addProductStandards.path,
          {
            schema: {
              tags,
              security,
              summary: '添加产品执行标准（一行或多行，逐行按批量核验匹配）',
              ...routeSchema(api.addProductStandards),
            },
          },
          async (req) => ok(await addLines(app.db, req.user!.id, req.body.lines, req.body.productName), '已添加'),
        );
        r.post(
          api.uploadProductStandards.path,
          {
            schema: {
              tags,
              security,
              summary: '上传产品执行标准清单（multipart 字段 file：TXT/CSV/XLSX，≤2MB；可选字段 productName）',
              consumes: ['multipart/form-data'],
              ...routeSchema(api.uploadProductStandards),
            },
          },
          async (req) => {
            const { numbers, productName } = await readUpload(req);
            return ok(await addLines(app.db, req.user!.id, numbers, productName), '已添加');
          },
        );
        r.delete(
          api.removeProductStandard.path,
          { schema: { tags, security, summary: '删除一条产品执行标准', ...routeSchema(api.removeProductStandard) } },
          async (req) => {
            await removeLine(app.db, req.user!.id, req.params.id);
            return ok(null, '已删除');
          },
        );
      },
      { multipart: UPLOAD },
    );
    await protectedScope(app, app.requireRole('operator', 'admin'), (r) => {
      r.get(
        api.productStandardExposure.path,
        {
          schema: {
            tags,
            security,
            summary: '依赖被代替/废止标准的认证企业：按镇街计数与清单',
            ...routeSchema(api.productStandardExposure),
          },
        },
        async (req) => ok(await exposure(app.db, req.query.town)),
      );
      r.put(
        api.setEnterpriseTown.path,
        { schema: { tags, security, summary: '指定或更正企业所在镇街', ...routeSchema(api.setEnterpriseTown) } },
        async (req) => {
          const code = req.body.townCode;
          if (code !== null && !TOWN_CODES.includes(code)) throw badRequest('镇街不存在');
          await assignTown(app.db, req.params.userId, code, req.user!.id);
          return ok(null, '已保存');
        },
      );
    });
  },
  { name: 'product-standard-routes', dependencies: ['auth', 'envelope', 'db'] },
);
