import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as api from '@zs/shared/api/document-check';
import { badRequest, ok } from '../../../lib/envelope.ts';
import { downloadSchema, routeSchema } from '../../../lib/contract.ts';
import { limitHit } from '../../../db/rate-limit.ts';
import { checkDocument, recheck } from './service.ts';
import { assertReaderRoom, readInWorker, warmReaders } from './read-thread.ts';
import { basisDocument, citationsWorkbook } from './export.ts';
import { savedCheckRoutes } from './saved-routes.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const MB = 1024 * 1024;

/** Checks per address in 10 minutes and per signed-in user in an hour (reading a document costs a core for seconds). */
export const CHECKS_PER_IP_PER_10_MIN = 30;
export const CHECKS_PER_USER_PER_HOUR = 100;
const TOO_MANY = '文档核查过于频繁，请稍后再试';

async function limit(app: FastifyInstance, req: FastifyRequest) {
  await limitHit(app.ephemeral, `doccheck:ip:${req.ip}`, CHECKS_PER_IP_PER_10_MIN, 600, TOO_MANY);
  if (req.user) await limitHit(app.ephemeral, `doccheck:user:${req.user.id}`, CHECKS_PER_USER_PER_HOUR, 3600, TOO_MANY);
}

function attachment(reply: FastifyReply, type: string, name: string, ext: string) {
  const today = new Date().toISOString().slice(0, 10);
  return reply
    .header('content-type', type)
    .header(
      'content-disposition',
      `attachment; filename="document-check.${ext}"; filename*=UTF-8''${encodeURIComponent(`${name}-${today}.${ext}`)}`,
    )
    .header('cache-control', 'no-store');
}

/** The uploaded file, whole, in memory (never written to disk); its name for the kind check. */
async function uploaded(req: FastifyRequest): Promise<{ bytes: Buffer; name: string | null }> {
  let bytes: Buffer | undefined;
  let name: string | null = null;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file' && part.fieldname === 'file') {
        name = part.filename || null;
        bytes = await part.toBuffer();
      } else if (part.type === 'file') {
        await part.toBuffer();
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(`文件不能超过${api.DOC_CHECK_MAX_BYTES / MB}MB`);
    throw badRequest('上传内容不完整，请重新上传');
  }
  if (!bytes) throw badRequest('请选择要上传的文件（字段 file）');
  if (!bytes.length) throw badRequest('文件为空（0 字节），请选择有内容的文件');
  return { bytes, name };
}

/** The document check (issue 26, docs/document-check.md): a file or pasted text in, its citations checked out. */
export default async function docCheckRoutes(app: FastifyInstance) {
  await app.register(multipart, { limits: { fileSize: api.DOC_CHECK_MAX_BYTES, files: 1, fields: 2, parts: 3 } });
  // The readers started with the server when asked to (docs/decisions/0102), in the background.
  if (app.config.docCheckWarmReaders) app.addHook('onReady', async () => void warmReaders());
  await savedCheckRoutes(app);
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    api.checkDocument.path,
    {
      // Pasted text of up to DOC_CHECK_MAX_TEXT characters, at most 3 bytes each in UTF-8.
      bodyLimit: api.DOC_CHECK_MAX_TEXT * 3 + 1024,
      schema: {
        tags: ['standards'],
        summary:
          '文档核查：找出文档引用的全部标准并核验状态（multipart 字段 file：DOCX/PDF/XLSX/TXT/MD，≤20MB、≤500页；或 JSON {"text": "…"}）',
        description:
          '按文档顺序返回每处引用（原文写法、页码或段落、上下文、匹配记录、结论：现行/即将实施/被代替/废止/年份缺失/未收录），' +
          '以及汇总。文档不保存：在内存与临时目录中读取，答复发出前删除。每个地址每10分钟30次，每个登录用户每小时100次。',
        consumes: ['multipart/form-data', 'application/json'],
        ...routeSchema(api.checkDocument),
      },
    },
    async (req, reply) => {
      await limit(app, req);
      if (req.isMultipart()) {
        // Queue full: the envelope says so in Chinese, the header says when to come back.
        const busy = (err: { retryAfterSeconds?: number }) => {
          if (err.retryAfterSeconds) reply.header('retry-after', String(err.retryAfterSeconds));
          return err;
        };
        // Refused before the upload is read when it would be refused after (the bytes not held for nothing).
        try {
          assertReaderRoom(Number(req.headers['content-length']) || 0);
        } catch (err) {
          throw busy(err as { retryAfterSeconds?: number });
        }
        const { bytes, name } = await uploaded(req);
        const doc = await readInWorker(bytes, name).catch((err: { retryAfterSeconds?: number }) => {
          throw busy(err);
        });
        return ok(await checkDocument(app.readDb, doc, null, name));
      }
      const body = api.DocCheckTextRequest.safeParse(req.body);
      if (!body.success) throw badRequest(body.error.issues[0]?.message ?? '请提供要核查的文本');
      return ok(await checkDocument(app.readDb, null, body.data.text, null));
    },
  );
  r.post(
    api.checkDocumentXlsx.path,
    {
      schema: {
        tags: ['standards'],
        summary: '文档核查结果下载（XLSX，逐条引用及结论；请求体为核查结果中的引用）',
        ...downloadSchema(api.checkDocumentXlsx),
        produces: [XLSX],
      },
    },
    async (req, reply) =>
      attachment(reply, XLSX, '文档核查', 'xlsx').send(await citationsWorkbook(await recheck(app.readDb, req.body.citations))),
  );
  r.post(
    api.checkDocumentDocx.path,
    {
      schema: {
        tags: ['standards'],
        summary: '编制依据表下载（DOCX：序号、标准名称、标准编号、状态、备注；被代替的标准建议现行版本）',
        ...downloadSchema(api.checkDocumentDocx),
        produces: [DOCX],
      },
    },
    async (req, reply) =>
      attachment(reply, DOCX, '编制依据', 'docx').send(
        await basisDocument(await recheck(app.readDb, req.body.citations), req.body.name ?? null),
      ),
  );
}
