import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CONTENT_CONSOLE_SECTIONS, CONTENT_STATUSES } from '@zs/shared';
import * as api from '@zs/shared/api/content-endpoints';
import { forbidden, notFound, ok } from '../../../lib/envelope.ts';
import { protectedScope, security } from '../../../lib/scope.ts';
import { downloadSchema, routeSchema } from '../../../lib/contract.ts';
import { limitHit } from '../../../db/rate-limit.ts';
import { MAX_FILE_BYTES } from '../../files/index.ts';
import { readOneFile } from '../../files/index.ts';
import { idOf } from '../../../lib/query.ts';
import { SECTIONS, type SectionDef } from '../sections.ts';
import { sendConsoleFile, storeConsoleFile } from './files.ts';
import { previewItem } from './preview.ts';
import { adminItem, listAdminItems, listRevisions, toItem, updaterName, type UsernameLookup } from './repository.ts';
import { decideRequest, pendingRequests, requestState, reviewRequired, setReviewRequired } from './review.ts';
import { bulkChange, changeStatus, createItem, restoreRevision, updateItem } from './service.ts';
import contentJob from './job.ts';

const tags = ['content-admin'];
const names = Object.keys(CONTENT_CONSOLE_SECTIONS).join(' | ');

function consoleSection(name: string): SectionDef {
  // Own keys only: `__proto__` or `constructor` must be an unknown section, not Object.prototype's members.
  if (!Object.hasOwn(CONTENT_CONSOLE_SECTIONS, name)) throw notFound('栏目不存在');
  const id = (CONTENT_CONSOLE_SECTIONS as Record<string, keyof typeof SECTIONS>)[name]!;
  return SECTIONS[id];
}

export interface ContentAdminOptions {
  /** Usernames by id (auth's usernamesOf), for who edited or asked (modules/index.ts hands it in). */
  usernamesOf: UsernameLookup;
}

/** Console content (/api/admin/content/…): operators and admins; approving and settings are admin-only. */
export default fp<ContentAdminOptions>(
  async function contentAdminRoutes(app: FastifyInstance, opts: ContentAdminOptions) {
    const { usernamesOf } = opts;
    // Public: console uploads by their unguessable key (images inside published pages, covers).
    app.withTypeProvider<ZodTypeProvider>().get(
      api.contentFile.path,
      {
        schema: {
          tags,
          summary: '内容图片/附件（后台上传，按链接中的密钥公开读取）',
          ...downloadSchema(api.contentFile),
        },
      },
      async (req, reply) => sendConsoleFile(app.db, app.config.filesDir, reply, idOf(req.params.id), req.params.key),
    );

    await protectedScope(
      app,
      app.requireRole('operator', 'admin'),
      async (r) => {
        const adminOnly = async (req: { user: { role: string } | null }) => {
          if (req.user?.role !== 'admin') throw forbidden('仅管理员可以执行此操作');
        };

        r.get(
          api.contentSettings.path,
          {
            schema: { tags, security, summary: '内容发布设置（发布需审核）', ...routeSchema(api.contentSettings) },
          },
          async () => ok({ reviewRequired: await reviewRequired(app.db) }),
        );
        r.put(
          api.saveContentSettings.path,
          {
            preHandler: adminOnly,
            schema: {
              tags,
              security,
              summary: '修改“发布需审核”（仅管理员）',
              ...routeSchema(api.saveContentSettings),
            },
          },
          async (req) => ok(await setReviewRequired(app.db, req.body.reviewRequired, req.user!.id), '设置已保存'),
        );

        r.get(
          api.contentReviews.path,
          {
            schema: { tags, security, summary: '待审核的发布申请', ...routeSchema(api.contentReviews) },
          },
          async () => ok(await pendingRequests(app.db, usernamesOf)),
        );
        r.post(
          api.decideContentReview.path,
          {
            preHandler: adminOnly,
            schema: {
              tags,
              security,
              summary: '审核发布申请（approve 通过并发布 / return 退回，退回须填原因；仅管理员）',
              ...routeSchema(api.decideContentReview),
            },
          },
          async (req) =>
            ok(
              await decideRequest(app.db, idOf(req.params.id), req.body.decision, req.body.reason ?? null, req.user!),
              '审核完成',
            ),
        );

        r.post(
          api.uploadContentFile.path,
          {
            schema: {
              tags,
              security,
              summary: '上传内容图片或附件（multipart，字段 file；PNG/JPG/PDF/DOCX/XLSX，≤10MB）',
              ...routeSchema(api.uploadContentFile),
              consumes: ['multipart/form-data'],
            },
          },
          async (req) => {
            await limitHit(app.ephemeral, `upload:user:${req.user!.id}`, 300, 3600, '上传过于频繁，请稍后再试');
            const file = await readOneFile(req);
            return ok(await storeConsoleFile(app.db, app.config.filesDir, req.user!.id, file.filename, file.content), '上传成功');
          },
        );

        r.get(
          api.listContent.path,
          {
            schema: {
              tags,
              security,
              summary: `内容列表（section: ${names}；status: ${CONTENT_STATUSES.join(' | ')}）`,
              ...routeSchema(api.listContent),
            },
          },
          async (req) => {
            const def = consoleSection(req.params.section);
            return ok(await listAdminItems(app.db, def, req.query, usernamesOf));
          },
        );

        r.post(
          api.createContent.path,
          {
            schema: {
              tags,
              security,
              summary: '新建内容（保存为草稿）',
              ...routeSchema(api.createContent),
            },
          },
          async (req) =>
            ok(await createItem(app.db, consoleSection(req.params.section), req.body, req.user!, usernamesOf), '已保存为草稿'),
        );

        r.post(
          api.bulkContent.path,
          {
            schema: {
              tags,
              security,
              summary: '批量发布 / 下线',
              ...routeSchema(api.bulkContent),
            },
          },
          async (req) =>
            ok(
              await bulkChange(app.db, consoleSection(req.params.section), req.body.ids, req.body.action, req.user!),
              '批量操作完成',
            ),
        );

        r.get(
          api.contentItem.path,
          {
            schema: {
              tags,
              security,
              summary: '内容详情（任何状态）',
              ...routeSchema(api.contentItem),
            },
          },
          async (req) => {
            const def = consoleSection(req.params.section);
            const id = idOf(req.params.id);
            const row = id === null ? null : await adminItem((t, p) => app.db.query(t, p), def.id, id);
            if (!row) throw notFound('内容不存在');
            return ok(toItem(row, await updaterName(app.db, usernamesOf, row), await requestState(app.db, row.id, usernamesOf)));
          },
        );

        r.put(
          api.updateContent.path,
          {
            schema: {
              tags,
              security,
              summary: '保存修改（已发布的内容立即生效）',
              ...routeSchema(api.updateContent),
            },
          },
          async (req) =>
            ok(
              await updateItem(app.db, consoleSection(req.params.section), idOf(req.params.id), req.body, req.user!, usernamesOf),
              '已保存',
            ),
        );

        r.post(
          api.publishContent.path,
          {
            schema: {
              tags,
              security,
              summary: '发布（publishAt 为将来时间则定时发布；开启“发布需审核”时运营人员的发布成为待审核申请）',
              ...routeSchema(api.publishContent),
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
          api.unpublishContent.path,
          {
            schema: {
              tags,
              security,
              summary: '下线',
              ...routeSchema(api.unpublishContent),
            },
          },
          async (req) =>
            ok(
              {
                status: await changeStatus(
                  app.db,
                  consoleSection(req.params.section),
                  idOf(req.params.id),
                  'unpublish',
                  req.user!,
                ),
              },
              '已下线',
            ),
        );

        r.get(
          api.previewContent.path,
          {
            schema: {
              tags,
              security,
              summary: '以访客视角预览（任何状态）',
              ...routeSchema(api.previewContent),
            },
          },
          async (req) => ok(await previewItem(app.db, consoleSection(req.params.section), idOf(req.params.id))),
        );

        r.get(
          api.contentRevisions.path,
          {
            schema: {
              tags,
              security,
              summary: '历史版本',
              ...routeSchema(api.contentRevisions),
            },
          },
          async (req) => {
            const def = consoleSection(req.params.section);
            const id = idOf(req.params.id);
            const row = id === null ? null : await adminItem((t, p) => app.db.query(t, p), def.id, id);
            if (!row) throw notFound('内容不存在');
            return ok(await listRevisions(app.db, row.id, usernamesOf));
          },
        );

        r.post(
          api.restoreContentRevision.path,
          {
            schema: {
              tags,
              security,
              summary: '恢复到某一历史版本（恢复内容，不改变发布状态）',
              ...routeSchema(api.restoreContentRevision),
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
                usernamesOf,
              ),
              '已恢复',
            ),
        );
      },
      { multipart: { fileSize: MAX_FILE_BYTES, files: 1, fields: 5, parts: 6 } },
    );

    await app.register(contentJob);
  },
  { name: 'content-admin', dependencies: ['auth', 'db', 'envelope'] },
);
