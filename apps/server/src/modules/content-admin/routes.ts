import fp from 'fastify-plugin';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CONTENT_CONSOLE_SECTIONS,
  contentBulkResultSchema,
  contentBulkSchema,
  contentFileSchema,
  contentItemInputSchema,
  contentItemSchema,
  contentListQuerySchema,
  contentPageSchema,
  contentPublishSchema,
  contentReviewDecisionSchema,
  contentReviewRowSchema,
  contentRevisionSchema,
  contentSettingsSchema,
  CONTENT_STATUSES,
} from '@zs/shared';
import { envelopeOf, forbidden, notFound, ok } from '../../lib/envelope.ts';
import { limitHit } from '../../lib/rate-limit.ts';
import { MAX_FILE_BYTES } from '../files/index.ts';
import { readOneFile } from '../files/index.ts';
import { ItemDetail } from '../portal/index.ts';
import { idOf } from '../../lib/query.ts';
import { SECTIONS, type SectionDef } from '../portal/index.ts';
import { sendConsoleFile, storeConsoleFile } from './files.ts';
import { previewItem } from './preview.ts';
import { adminItem, listAdminItems, listRevisions, toItem } from './repository.ts';
import { decideRequest, pendingRequests, requestState, reviewRequired, setReviewRequired } from './review.ts';
import { bulkChange, changeStatus, createItem, restoreRevision, updateItem } from './service.ts';
import contentJob from './job.ts';

const tags = ['content-admin'];
const security = [{ token: [] }];
const names = Object.keys(CONTENT_CONSOLE_SECTIONS).join(' | ');
const SectionParams = z.object({ section: z.string().max(50) });
const ItemParams = SectionParams.extend({ id: z.string().max(20) });

function consoleSection(name: string): SectionDef {
  // Own keys only: `__proto__` or `constructor` must be an unknown section, not Object.prototype's members.
  if (!Object.hasOwn(CONTENT_CONSOLE_SECTIONS, name)) throw notFound('栏目不存在');
  const id = (CONTENT_CONSOLE_SECTIONS as Record<string, keyof typeof SECTIONS>)[name]!;
  return SECTIONS[id];
}

/** Console content (/api/admin/content/…): operators and admins; approving and settings are admin-only. */
export default fp(
  async function contentAdminRoutes(app: FastifyInstance) {
    // Public: console uploads by their unguessable key (images inside published pages, covers).
    app.withTypeProvider<ZodTypeProvider>().get(
      '/api/content/files/:id/:key',
      {
        schema: {
          tags,
          summary: '内容图片/附件（后台上传，按链接中的密钥公开读取）',
          params: z.object({ id: z.string().max(20), key: z.string().max(40) }),
        },
      },
      async (req, reply) => sendConsoleFile(app.db, app.config.filesDir, reply, idOf(req.params.id), req.params.key),
    );

    await app.register(async (scope) => {
      scope.addHook('onRequest', app.requireRole('operator', 'admin'));
      await scope.register(multipart, { limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 5, parts: 6 } });
      const r = scope.withTypeProvider<ZodTypeProvider>();
      const adminOnly = async (req: { user: { role: string } | null }) => {
        if (req.user?.role !== 'admin') throw forbidden('仅管理员可以执行此操作');
      };

      r.get(
        '/api/admin/content/settings',
        {
          schema: { tags, security, summary: '内容发布设置（发布需审核）', response: { 200: envelopeOf(contentSettingsSchema) } },
        },
        async () => ok({ reviewRequired: await reviewRequired(app.db) }),
      );
      r.put(
        '/api/admin/content/settings',
        {
          preHandler: adminOnly,
          schema: {
            tags,
            security,
            summary: '修改“发布需审核”（仅管理员）',
            body: contentSettingsSchema,
            response: { 200: envelopeOf(contentSettingsSchema) },
          },
        },
        async (req) => ok(await setReviewRequired(app.db, req.body.reviewRequired, req.user!.id), '设置已保存'),
      );

      r.get(
        '/api/admin/content/reviews',
        {
          schema: { tags, security, summary: '待审核的发布申请', response: { 200: envelopeOf(z.array(contentReviewRowSchema)) } },
        },
        async () => ok(await pendingRequests(app.db)),
      );
      r.post(
        '/api/admin/content/reviews/:id',
        {
          preHandler: adminOnly,
          schema: {
            tags,
            security,
            summary: '审核发布申请（approve 通过并发布 / return 退回，退回须填原因；仅管理员）',
            params: z.object({ id: z.string().max(20) }),
            body: contentReviewDecisionSchema,
          },
        },
        async (req) =>
          ok(await decideRequest(app.db, idOf(req.params.id), req.body.decision, req.body.reason ?? null, req.user!), '审核完成'),
      );

      r.post(
        '/api/admin/content/files',
        {
          schema: {
            tags,
            security,
            summary: '上传内容图片或附件（multipart，字段 file；PNG/JPG/PDF/DOCX/XLSX，≤10MB）',
            consumes: ['multipart/form-data'],
            response: { 200: envelopeOf(contentFileSchema) },
          },
        },
        async (req) => {
          await limitHit(app.ephemeral, `upload:user:${req.user!.id}`, 300, 3600, '上传过于频繁，请稍后再试');
          const file = await readOneFile(req);
          return ok(await storeConsoleFile(app.db, app.config.filesDir, req.user!.id, file.filename, file.content), '上传成功');
        },
      );

      r.get(
        '/api/admin/content/:section',
        {
          schema: {
            tags,
            security,
            summary: `内容列表（section: ${names}；status: ${CONTENT_STATUSES.join(' | ')}）`,
            params: SectionParams,
            querystring: contentListQuerySchema,
            response: { 200: envelopeOf(contentPageSchema) },
          },
        },
        async (req) => {
          const def = consoleSection(req.params.section);
          return ok(await listAdminItems(app.db, def, req.query));
        },
      );

      r.post(
        '/api/admin/content/:section',
        {
          schema: {
            tags,
            security,
            summary: '新建内容（保存为草稿）',
            params: SectionParams,
            body: contentItemInputSchema,
            response: { 200: envelopeOf(contentItemSchema) },
          },
        },
        async (req) => ok(await createItem(app.db, consoleSection(req.params.section), req.body, req.user!), '已保存为草稿'),
      );

      r.post(
        '/api/admin/content/:section/bulk',
        {
          schema: {
            tags,
            security,
            summary: '批量发布 / 下线',
            params: SectionParams,
            body: contentBulkSchema,
            response: { 200: envelopeOf(contentBulkResultSchema) },
          },
        },
        async (req) =>
          ok(
            await bulkChange(app.db, consoleSection(req.params.section), req.body.ids, req.body.action, req.user!),
            '批量操作完成',
          ),
      );

      r.get(
        '/api/admin/content/:section/:id',
        {
          schema: {
            tags,
            security,
            summary: '内容详情（任何状态）',
            params: ItemParams,
            response: { 200: envelopeOf(contentItemSchema) },
          },
        },
        async (req) => {
          const def = consoleSection(req.params.section);
          const id = idOf(req.params.id);
          const row = id === null ? null : await adminItem((t, p) => app.db.query(t, p), def.id, id);
          if (!row) throw notFound('内容不存在');
          return ok(toItem(row, await requestState(app.db, row.id)));
        },
      );

      r.put(
        '/api/admin/content/:section/:id',
        {
          schema: {
            tags,
            security,
            summary: '保存修改（已发布的内容立即生效）',
            params: ItemParams,
            body: contentItemInputSchema,
            response: { 200: envelopeOf(contentItemSchema) },
          },
        },
        async (req) =>
          ok(await updateItem(app.db, consoleSection(req.params.section), idOf(req.params.id), req.body, req.user!), '已保存'),
      );

      r.post(
        '/api/admin/content/:section/:id/publish',
        {
          schema: {
            tags,
            security,
            summary: '发布（publishAt 为将来时间则定时发布；开启“发布需审核”时运营人员的发布成为待审核申请）',
            params: ItemParams,
            body: contentPublishSchema,
            response: { 200: envelopeOf(z.object({ status: z.enum(CONTENT_STATUSES) })) },
          },
        },
        async (req) => {
          const status = await changeStatus(
            app.db,
            consoleSection(req.params.section),
            idOf(req.params.id),
            'publish',
            req.user!,
            req.body.publishAt,
          );
          const msg = { pending: '已提交发布审核', scheduled: '已设置定时发布', published: '已发布' } as Record<string, string>;
          return ok({ status }, msg[status] ?? '成功');
        },
      );

      r.post(
        '/api/admin/content/:section/:id/unpublish',
        {
          schema: {
            tags,
            security,
            summary: '下线',
            params: ItemParams,
            response: { 200: envelopeOf(z.object({ status: z.enum(CONTENT_STATUSES) })) },
          },
        },
        async (req) =>
          ok(
            {
              status: await changeStatus(app.db, consoleSection(req.params.section), idOf(req.params.id), 'unpublish', req.user!),
            },
            '已下线',
          ),
      );

      r.get(
        '/api/admin/content/:section/:id/preview',
        {
          schema: {
            tags,
            security,
            summary: '以访客视角预览（任何状态）',
            params: ItemParams,
            response: { 200: envelopeOf(ItemDetail) },
          },
        },
        async (req) => ok(await previewItem(app.db, consoleSection(req.params.section), idOf(req.params.id))),
      );

      r.get(
        '/api/admin/content/:section/:id/revisions',
        {
          schema: {
            tags,
            security,
            summary: '历史版本',
            params: ItemParams,
            response: { 200: envelopeOf(z.array(contentRevisionSchema)) },
          },
        },
        async (req) => {
          const def = consoleSection(req.params.section);
          const id = idOf(req.params.id);
          const row = id === null ? null : await adminItem((t, p) => app.db.query(t, p), def.id, id);
          if (!row) throw notFound('内容不存在');
          return ok(await listRevisions(app.db, row.id));
        },
      );

      r.post(
        '/api/admin/content/:section/:id/revisions/:revisionId/restore',
        {
          schema: {
            tags,
            security,
            summary: '恢复到某一历史版本（恢复内容，不改变发布状态）',
            params: ItemParams.extend({ revisionId: z.string().max(20) }),
            response: { 200: envelopeOf(contentItemSchema) },
          },
        },
        async (req) =>
          ok(
            await restoreRevision(
              app.db,
              consoleSection(req.params.section),
              idOf(req.params.id),
              idOf(req.params.revisionId),
              req.user!,
            ),
            '已恢复',
          ),
      );
    });

    await app.register(contentJob);
  },
  { name: 'content-admin', dependencies: ['auth', 'db', 'envelope'] },
);
