import fs from 'node:fs';
import path from 'node:path';
import * as api from '@zs/shared/api/dev';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound, ok } from '../../lib/envelope.ts';
import { routeSchema } from '../../lib/contract.ts';
import { peekCaptcha } from '../auth/index.ts';
import { fileById } from '../files/index.ts';
import { ageSection } from '../portal/index.ts';
import { ageQuestion } from '../interaction/index.ts';
import { outboxOf } from '../sms/index.ts';
import { mailOutboxOf } from '../mail/index.ts';

/**
 * Development endpoints (docs/product.md §7), present only with DEV_OUTBOX=1, which the config refuses
 * in production: the SMS outbox and captcha answers, so people and e2e tests can finish the flows.
 */
export default fp(
  async function devRoutes(app: FastifyInstance) {
    if (!app.config.devOutbox) return;
    // A staging server left with DEV_OUTBOX=1 hands out every SMS code and captcha answer: say so loudly.
    app.log.warn(
      'development endpoints are on (DEV_OUTBOX=1): /api/dev/outbox and /api/dev/captcha reveal codes; never enable them on a public server',
    );
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      api.devOutbox.path,
      {
        schema: {
          tags: ['dev'],
          summary: '开发用：发送到某手机号的短信（新到旧，须指定手机号）',
          ...routeSchema(api.devOutbox),
        },
      },
      async (req) => {
        // Only one number's messages: without it the outbox would list every code sent.
        const rows = await outboxOf(app.db, req.query.mobile);
        return ok(
          rows.map((x) => ({ mobile: x.mobile, code: x.code, purpose: x.purpose, sentAt: new Date(x.sent_at).toISOString() })),
        );
      },
    );
    r.get(
      api.devMailOutbox.path,
      {
        schema: { tags: ['dev'], summary: '开发用：发送到某邮箱的邮件（新到旧，须指定地址）', ...routeSchema(api.devMailOutbox) },
      },
      async (req) => {
        const rows = await mailOutboxOf(app.db, req.query.to);
        return ok(
          rows.map((x) => ({
            to: x.to_address,
            subject: x.subject,
            text: x.text_body,
            html: x.html_body,
            headers: typeof x.headers === 'string' ? (JSON.parse(x.headers) as Record<string, string>) : x.headers,
            sentAt: new Date(x.sent_at).toISOString(),
          })),
        );
      },
    );
    r.get(
      api.devCaptcha.path,
      {
        schema: {
          tags: ['dev'],
          summary: '开发用：图形验证码答案（不消耗）',
          ...routeSchema(api.devCaptcha),
        },
      },
      async (req) => {
        const answer = await peekCaptcha(app.ephemeral, req.query.key);
        if (answer === null) throw notFound('验证码不存在或已过期');
        return ok({ answer });
      },
    );
    // The inspection page is about time passing and files going missing; the browser test cannot
    // reach the test server's locked database or wait two weeks, so it asks for both here. They change
    // data, so even on a development server only an administrator may call them.
    r.post(
      api.devAgeSection.path,
      {
        onRequest: app.requireRole('admin'),
        schema: {
          tags: ['dev'],
          summary: '开发用：把某栏目全部已发布内容的发布时间提前 days 天',
          ...routeSchema(api.devAgeSection),
        },
      },
      async (req) => {
        return ok({ items: await ageSection(app.db, req.body.section, req.body.days) });
      },
    );
    r.post(
      api.devAgeQuestion.path,
      {
        onRequest: app.requireRole('admin'),
        schema: {
          tags: ['dev'],
          summary: '开发用：把某条咨询的提交时间和答复期限提前 days 天',
          ...routeSchema(api.devAgeQuestion),
        },
      },
      async (req) => {
        if (!(await ageQuestion(app.db, req.body.id, req.body.days))) throw notFound('咨询不存在');
        return ok({ aged: true });
      },
    );
    r.post(
      api.devDropFile.path,
      {
        onRequest: app.requireRole('admin'),
        schema: {
          tags: ['dev'],
          summary: '开发用：删除某个已存文件的内容（模拟附件丢失）',
          ...routeSchema(api.devDropFile),
        },
      },
      async (req) => {
        const row = await fileById(app.db, req.body.fileId);
        if (!row) throw notFound('文件不存在');
        await fs.promises.rm(path.resolve(app.config.filesDir, row.storage_path), { force: true });
        return ok({ removed: true });
      },
    );
  },
  { name: 'dev', dependencies: ['auth', 'db', 'config'] },
);
