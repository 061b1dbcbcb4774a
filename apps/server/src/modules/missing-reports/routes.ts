import fp from 'fastify-plugin';
import { z } from 'zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MAX_PAGE_SIZE } from '@zs/shared';
import { badRequest, envelopeOf, notFound, ok, pageOf } from '../../lib/envelope.ts';
import { limitHit, secondsToCstMidnight } from '../../lib/rate-limit.ts';
import { clock } from '../../lib/clock.ts';
import { withTransaction } from '../../lib/tx.ts';
import { writeAudit } from '../../lib/audit.ts';
import { insertMessage } from '../messages/index.ts';

/** docs/product.md §7: anyone may report a standard missing from the catalogue, sent form-urlencoded. */
export const REPORTS_PER_IP_PER_DAY = 10;
export const MissingReportMessages = {
  notForm: '请以表单方式（application/x-www-form-urlencoded）提交',
  tooMany: `今日提交次数已达上限（每日${REPORTS_PER_IP_PER_DAY}次），请明天再试`,
  done: '感谢反馈，平台运营人员核实后将补充该标准',
} as const;

const field = (label: string, max: number) =>
  z
    .string({ message: `请填写${label}` })
    .trim()
    .min(1, `请填写${label}`)
    .max(max, `${label}不能超过${max}个字符`);

export const MissingReportForm = z.object({
  standardNo: field('标准号', 60).describe('标准号，如 DB4420/T 1-2020'),
  title: field('标准名称', 200),
  seenAt: field('在何处看到该标准', 200).describe('来源：网址、文件名或发布单位'),
  contact: z
    .string({ message: '联系方式格式不正确' })
    .trim()
    .max(100, '联系方式不能超过100个字符')
    .optional()
    .describe('可选：手机号或邮箱，便于回复'),
  region: z.enum(['zhongshan', 'shenzhen'], { message: '提交页面不正确' }).describe('提交所在页面：zhongshan 或 shenzhen'),
});

const Report = z.object({
  id: z.number(),
  standardNo: z.string(),
  title: z.string(),
  seenAt: z.string(),
  contact: z.string().nullable(),
  region: z.string(),
  status: z.string(),
  standardId: z.number().nullable(),
  createdAt: z.string(),
});

async function formOnly(req: FastifyRequest) {
  const type = String(req.headers['content-type'] ?? '').toLowerCase();
  if (!type.startsWith('application/x-www-form-urlencoded')) throw badRequest(MissingReportMessages.notForm);
}

export default fp(
  async function missingReportRoutes(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.post(
      '/api/portal/standards/missing-reports',
      {
        // Before validation, so a JSON body is refused for its type, not for its fields.
        preValidation: formOnly,
        schema: {
          tags: ['standards'],
          summary: '反馈缺失标准（application/x-www-form-urlencoded；每个地址每日10次）',
          consumes: ['application/x-www-form-urlencoded'],
          body: MissingReportForm,
          response: { 200: envelopeOf(z.object({ id: z.number() })) },
        },
      },
      async (req) => {
        await limitHit(
          app.ephemeral,
          `missing-report:ip:${req.ip}`,
          REPORTS_PER_IP_PER_DAY,
          secondsToCstMidnight(clock.now()),
          MissingReportMessages.tooMany,
        );
        const b = req.body;
        const [row] = await app.db.query<{ id: number }>(
          `insert into standard_missing_reports (standard_no, title, seen_at, contact, region, user_id, client_ip)
           values ($1, $2, $3, $4, $5, $6, $7) returning id`,
          [b.standardNo, b.title, b.seenAt, b.contact || null, b.region, req.user?.id ?? null, req.ip],
        );
        return ok({ id: row!.id }, MissingReportMessages.done);
      },
    );

    await app.register(async (scope) => {
      scope.addHook('onRequest', app.requireRole('operator', 'admin'));
      const s = scope.withTypeProvider<ZodTypeProvider>();
      s.get(
        '/api/admin/standards/missing-reports',
        {
          schema: {
            tags: ['admin'],
            security: [{ token: [] }],
            summary: '缺失标准反馈队列（分页，最早的待处理在前）',
            querystring: z.object({
              status: z.enum(['pending', 'accepted', 'rejected'], { message: '处理状态不正确' }).default('pending'),
              page: z.coerce.number({ message: '页码须为正整数' }).int('页码须为正整数').min(1, '页码须为正整数').default(1),
              size: z.coerce
                .number({ message: `每页条数须为1-${MAX_PAGE_SIZE}` })
                .int(`每页条数须为1-${MAX_PAGE_SIZE}`)
                .min(1, `每页条数须为1-${MAX_PAGE_SIZE}`)
                .max(MAX_PAGE_SIZE, `每页条数须为1-${MAX_PAGE_SIZE}`)
                .default(20),
            }),
            response: { 200: envelopeOf(pageOf(Report)) },
          },
        },
        async (req) => {
          const { status, page, size } = req.query;
          const [c] = await app.db.query<{ n: number }>(
            'select count(*)::int as n from standard_missing_reports where status = $1',
            [status],
          );
          const list = await app.db.query<z.infer<typeof Report>>(
            `select id, standard_no as "standardNo", title, seen_at as "seenAt", contact, region, status,
                    standard_id::int as "standardId", created_at::text as "createdAt"
               from standard_missing_reports where status = $1 order by created_at, id limit $2 offset $3`,
            [status, size, (page - 1) * size],
          );
          return ok({ total: c?.n ?? 0, list, page, size });
        },
      );
      s.post(
        '/api/admin/standards/missing-reports/:id',
        {
          schema: {
            tags: ['admin'],
            security: [{ token: [] }],
            summary: '处理缺失标准反馈：accepted（可关联已补录的标准 id）或 rejected',
            params: z.object({
              id: z.coerce
                .number({ message: '反馈不存在' })
                .int('反馈不存在')
                .min(1, '反馈不存在')
                .max(2_147_483_647, '反馈不存在'),
            }),
            body: z.object({
              status: z.enum(['accepted', 'rejected'], { message: '处理结果须为 accepted 或 rejected' }),
              standardId: z
                .number({ message: '标准编号须为正整数' })
                .int('标准编号须为正整数')
                .min(1, '标准编号须为正整数')
                .optional(),
              reason: z.string({ message: '原因格式不正确' }).trim().max(500, '原因不能超过500个字符').optional(),
            }),
          },
        },
        async (req) => {
          const { status, standardId, reason } = req.body;
          if (status === 'rejected' && !reason) throw badRequest('驳回时请填写原因');
          if (standardId && !(await app.db.query('select 1 from standards where id = $1', [standardId])).length)
            throw notFound('关联的标准不存在');
          // Decided once: only a pending report changes, and the decision is audited in the same transaction.
          return withTransaction(app.db, async (q) => {
            const rows = await q<{ id: number; user_id: number | null; standard_no: string }>(
              `update standard_missing_reports set status = $2, standard_id = $3, handled_by = $4, handled_at = now(), reject_reason = $5
                where id = $1 and status = 'pending' returning id, user_id, standard_no`,
              [req.params.id, status, standardId ?? null, req.user!.id, status === 'rejected' ? reason : null],
            );
            if (!rows.length) {
              const exists = await q('select 1 from standard_missing_reports where id = $1', [req.params.id]);
              throw exists.length ? badRequest('该反馈已处理') : notFound('反馈不存在');
            }
            await writeAudit(q, {
              actorId: req.user!.id,
              action: `missing_report.${status}`,
              targetType: 'missing_report',
              targetId: rows[0]!.id,
              detail: { ...(standardId ? { standardId } : {}), ...(reason ? { reason } : {}) },
            });
            const report = rows[0]!;
            // The reporter hears the outcome either way (anonymous reports have nobody to tell).
            if (report.user_id)
              await insertMessage(q, {
                userId: report.user_id,
                kind: 'system',
                title: `缺失标准反馈处理结果：${report.standard_no}`,
                body:
                  status === 'accepted'
                    ? `您反馈的标准 ${report.standard_no} 已补录到标准库，感谢您的反馈。`
                    : `您反馈的标准 ${report.standard_no} 暂未补录，原因：${reason}`,
                link: status === 'accepted' && standardId ? `/standard-detail?id=${standardId}` : null,
                refType: 'missing_report',
                refId: report.id,
              });
            return ok({ id: req.params.id, status });
          });
        },
      );
    });
  },
  { name: 'missing-reports', dependencies: ['db', 'auth', 'envelope'] },
);
