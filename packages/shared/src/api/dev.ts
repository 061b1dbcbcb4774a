import { z } from 'zod';
import { PORTAL_SECTIONS } from '../portal.ts';
import { mobileSchema } from '../validation.ts';
import { endpoint } from './endpoint.ts';

/** Development-only calls (DEV_OUTBOX=1; apps/server/src/modules/dev), used by the browser tests. */
const OutboxItem = z.object({ mobile: z.string(), code: z.string(), purpose: z.string(), sentAt: z.string() });

export const devOutbox = endpoint({
  method: 'GET',
  path: '/api/dev/outbox',
  query: z.object({ mobile: mobileSchema }),
  response: z.array(OutboxItem),
});
export const devCaptcha = endpoint({
  method: 'GET',
  path: '/api/dev/captcha',
  query: z.object({ key: z.string({ error: '缺少 key' }).max(100, 'key 格式不正确') }),
  response: z.object({ answer: z.string() }),
});
export const devAgeSection = endpoint({
  method: 'POST',
  path: '/api/dev/age-section',
  body: z.object({ section: z.enum(PORTAL_SECTIONS), days: z.number().int().min(1).max(3650) }),
  response: z.object({ items: z.number() }),
});
/** Moves a question's submission and reply deadline back by `days` (the browser test of an overdue question). */
export const devAgeQuestion = endpoint({
  method: 'POST',
  path: '/api/dev/age-question',
  body: z.object({ id: z.number().int().positive().max(2_147_483_647), days: z.number().int().min(1).max(3650) }),
  response: z.object({ aged: z.boolean() }),
});
export const devDropFile = endpoint({
  method: 'POST',
  path: '/api/dev/drop-file',
  body: z.object({ fileId: z.number().int().positive() }),
  response: z.object({ removed: z.boolean() }),
});

const MailItem = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  headers: z.record(z.string(), z.string()),
  sentAt: z.string(),
});
/** Mails sent to one address (DEV_OUTBOX=1), newest first: like the SMS outbox, one address at a time. */
export const devMailOutbox = endpoint({
  method: 'GET',
  path: '/api/dev/mail-outbox',
  query: z.object({ to: z.string().email('邮箱格式不正确').max(200) }),
  response: z.array(MailItem),
});
