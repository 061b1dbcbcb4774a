import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BATCH_CHECK_MAX, BATCH_CHECK_TOO_MANY } from '@zs/shared/api/standards-search';
import * as api from '@zs/shared/api/standards';
import { badRequest, ok } from '../../../lib/envelope.ts';
import { EncodingError } from '../../../lib/tabular/encoding.ts';
import { ZipLimitError } from '../../../lib/tabular/zip-guard.ts';
import { downloadSchema, routeSchema } from '../../../lib/contract.ts';
import { batchCheck } from '../search/batch-check.ts';
import { checkWorkbook, numbersFromFile, searchWorkbookStream } from './export.ts';
import { cleanKeyword } from '../search/search.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const UPLOAD_MAX_BYTES = 2 * 1024 * 1024;

function asXlsx(reply: FastifyReply, name: string) {
  const today = new Date().toISOString().slice(0, 10);
  return reply
    .header('content-type', XLSX)
    .header(
      'content-disposition',
      `attachment; filename="standards.xlsx"; filename*=UTF-8''${encodeURIComponent(`${name}-${today}.xlsx`)}`,
    )
    .header('cache-control', 'no-store');
}

/** File ends of the search: results and batch checks as XLSX, and a batch check from an uploaded list. */
export default async function standardsExportRoutes(app: FastifyInstance) {
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 2, parts: 3 } });
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    api.exportSearch.path,
    {
      schema: {
        tags: ['standards'],
        summary: '导出检索结果（XLSX，最多5000条，参数同标准检索）',
        ...downloadSchema(api.exportSearch),
        produces: [XLSX],
      },
    },
    async (req, reply) => {
      cleanKeyword(req.query.keyword);
      return asXlsx(reply, '标准检索结果').send(searchWorkbookStream(app.readDb, req.query));
    },
  );
  r.post(
    api.checkStandardsXlsx.path,
    {
      schema: {
        tags: ['standards'],
        summary: '批量核验并下载结果（XLSX，请求体同批量核验）',
        ...downloadSchema(api.checkStandardsXlsx),
        produces: [XLSX],
      },
    },
    async (req, reply) => asXlsx(reply, '标准批量核验').send(await checkWorkbook(await batchCheck(app.readDb, req.body.numbers))),
  );
  r.post(
    api.checkStandardsFile.path,
    {
      schema: {
        tags: ['standards'],
        summary: '上传编号清单批量核验（multipart 字段 file：TXT/CSV/XLSX，≤2MB，最多1000个编号）',
        consumes: ['multipart/form-data'],
        ...routeSchema(api.checkStandardsFile),
      },
    },
    async (req) => {
      if (!req.isMultipart()) throw badRequest('请以 multipart/form-data 方式上传文件');
      let content: Buffer | undefined;
      try {
        for await (const part of req.parts()) if (part.type === 'file') content = await part.toBuffer();
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest('文件不能超过2MB');
        throw badRequest('上传内容不完整，请重新上传');
      }
      if (!content?.length) throw badRequest('请选择要上传的文件');
      let numbers: string[];
      try {
        numbers = await numbersFromFile(content);
      } catch (err) {
        // A list in an encoding that is not UTF-8, UTF-16 or GBK: what to do, not a garbled check.
        if (err instanceof EncodingError || err instanceof ZipLimitError) throw badRequest(err.message);
        throw badRequest('无法读取文件，请上传 TXT、CSV 或 XLSX 文件');
      }
      if (!numbers.length) throw badRequest('文件中没有找到标准号');
      if (numbers.length > BATCH_CHECK_MAX) throw badRequest(BATCH_CHECK_TOO_MANY);
      return ok(await batchCheck(app.readDb, numbers));
    },
  );
}
