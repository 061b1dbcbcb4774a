import fp from 'fastify-plugin';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeOf, notFound, ok } from '../../lib/envelope.ts';
import { peekCaptcha } from '../auth/captcha.ts';

const OutboxItem = z.object({ mobile: z.string(), code: z.string(), purpose: z.string(), sentAt: z.string() });

/**
 * Development endpoints (PRODUCT.md §4), present only with DEV_OUTBOX=1, which the config refuses
 * in production: the SMS outbox and captcha answers, so people and e2e tests can finish the flows.
 */
export default fp(
  async function devRoutes(app: FastifyInstance) {
    if (!app.config.devOutbox) return;
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/api/dev/outbox',
      {
        schema: {
          tags: ['dev'],
          summary: '开发用：发送到某手机号的短信（新到旧）',
          querystring: z.object({ mobile: z.string().max(20, '手机号格式不正确').optional() }),
          response: { 200: envelopeOf(z.array(OutboxItem)) },
        },
      },
      async (req) => {
        const mobile = req.query.mobile || null;
        const rows = await app.db.query<{ mobile: string; code: string; purpose: string; sent_at: Date | string }>(
          `select mobile, code, purpose, sent_at from sms_outbox where ($1::text is null or mobile = $1)
            order by sent_at desc, id desc limit 100`,
          [mobile],
        );
        return ok(
          rows.map((x) => ({ mobile: x.mobile, code: x.code, purpose: x.purpose, sentAt: new Date(x.sent_at).toISOString() })),
        );
      },
    );
    r.get(
      '/api/dev/captcha',
      {
        schema: {
          tags: ['dev'],
          summary: '开发用：图形验证码答案（不消耗）',
          querystring: z.object({ key: z.string({ error: '缺少 key' }).max(100, 'key 格式不正确') }),
          response: { 200: envelopeOf(z.object({ answer: z.string() })) },
        },
      },
      async (req) => {
        const answer = await peekCaptcha(app.ephemeral, req.query.key);
        if (answer === null) throw notFound('验证码不存在或已过期');
        return ok({ answer });
      },
    );
    // Browser tests need an operator, but `npm run admin:create` cannot open the data directory the
    // running test server holds locked: this sets the role of an existing account instead.
    r.post(
      '/api/dev/promote',
      {
        schema: {
          tags: ['dev'],
          summary: '开发用：设置某用户的角色（user / operator / admin）',
          body: z.object(
            {
              username: z.string({ error: '请输入用户名' }).trim().min(1, '请输入用户名').max(60, '用户名格式不正确'),
              role: z.enum(['user', 'operator', 'admin'], { error: '角色不正确' }),
            },
            { error: '请输入用户名和角色' },
          ),
          response: { 200: envelopeOf(z.object({ id: z.number(), role: z.string() })) },
        },
      },
      async (req) => {
        const rows = await app.db.query<{ id: number; role: string }>(
          `update users set role = $2, updated_at = now() where username = $1 and status = 'active' returning id, role`,
          [req.body.username, req.body.role],
        );
        if (!rows[0]) throw notFound('用户不存在');
        return ok(rows[0]);
      },
    );
  },
  { name: 'dev', dependencies: ['auth', 'db', 'config'] },
);
