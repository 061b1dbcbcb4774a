import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { ALERT_CADENCES, ALERT_CHANNELS, ALERT_KINDS, ALERT_LEAD_DAYS, WATCH_KINDS } from '../alert-constants.ts';

/** Email and alert settings (issue 27, docs/alerts.md). */
export * from '../alert-constants.ts';

const tokenQuery = z.object({ token: z.string({ error: '缺少 token' }).min(10, '链接无效').max(100, '链接无效') });

/** The link mailed to a newly set address; opening it verifies the address, without logging in. */
export const verifyEmail = endpoint({
  method: 'GET',
  path: '/api/mail/verify',
  query: tokenQuery,
  response: z.object({ email: z.string() }),
});

const Preference = z
  .object({
    kind: z.enum(ALERT_KINDS, { error: '提醒类型不正确' }),
    channel: z.enum(ALERT_CHANNELS, { error: '提醒渠道不正确' }),
    enabled: z.boolean({ error: '请选择开启或关闭' }),
    // Only email has digests; omitted: immediate.
    cadence: z.enum(ALERT_CADENCES, { error: '发送频率不正确' }).optional(),
  })
  .refine((p) => p.channel !== 'sms' || p.kind === 'standard_status', { message: '短信只用于关注标准的状态变更' })
  .refine((p) => p.channel === 'email' || (p.cadence ?? 'immediate') === 'immediate', {
    message: '只有邮件可以按日或按周汇总',
  });

/** What the user centre shows: whether the platform can mail at all, the address and its state, the choices. */
export const alertSettings = endpoint({
  method: 'GET',
  path: '/api/user/alerts/settings',
  response: z.object({
    emailEnabled: z.boolean(),
    emailOffReason: z.string().nullable(),
    email: z.string().nullable(),
    emailVerified: z.boolean(),
    preferences: z.array(Preference),
    /** 即将实施: the days before implementation the user is told. */
    leadDays: z.array(z.number()),
    /** SMS alerts go to the account's mobile, at most this many a day. */
    smsDailyCap: z.number(),
  }),
});
export const setAlertPreference = endpoint({
  method: 'PUT',
  path: '/api/user/alerts/preferences',
  body: Preference,
  response: z.array(Preference),
});

/**
 * What an unsubscribe link names, without changing it (GET: mail scanners open links, so only the page's button,
 * a POST, unsubscribes). No login: the token names one preference.
 */
export const unsubscribeAlert = endpoint({
  method: 'GET',
  path: '/api/alerts/unsubscribe',
  query: tokenQuery,
  response: z.object({ kind: z.enum(ALERT_KINDS), channel: z.enum(ALERT_CHANNELS), enabled: z.boolean() }),
});
/** The unsubscribe: the page's button and the mail client's one-click POST of RFC 8058, no login. */
export const unsubscribeAlertOneClick = endpoint({
  method: 'POST',
  path: '/api/alerts/unsubscribe',
  query: tokenQuery,
  body: z.object({ 'List-Unsubscribe': z.string().max(50).optional() }).optional(),
  response: z.object({ kind: z.enum(ALERT_KINDS), channel: z.enum(ALERT_CHANNELS) }),
});

export const setAlertLeadDays = endpoint({
  method: 'PUT',
  path: '/api/user/alerts/lead-days',
  body: z.object({
    leadDays: z
      .array(
        z.number({ error: '提前天数只能是 30、7 或 1' }).refine((d) => (ALERT_LEAD_DAYS as readonly number[]).includes(d), {
          message: '提前天数只能是 30、7 或 1',
        }),
        { error: '提前天数只能是 30、7 或 1' },
      )
      .max(3, '提前天数只能是 30、7 或 1'),
  }),
  response: z.object({ leadDays: z.array(z.number()) }),
});

// ---- Watch lists (关注) ----

/** The rules of each kind's value (the server normalises: series upper-case, spaces trimmed). */
const watchValue = z.string({ error: '请填写关注内容' }).trim().min(1, '请填写关注内容').max(100, '关注内容过长');
export const WatchInput = z
  .object({ kind: z.enum(WATCH_KINDS, { error: '关注类型不正确' }), value: watchValue })
  .refine((w) => w.kind !== 'standard' || /^\d{1,12}$/.test(w.value), { message: '标准编号不正确', path: ['value'] })
  .refine((w) => w.kind !== 'series' || /^[A-Za-z]{1,8}[A-Za-z0-9/.-]{0,20}$/.test(w.value), {
    message: '系列应为标准号前缀，如 DB4420/T、JGJ/T',
    path: ['value'],
  })
  .refine((w) => w.kind !== 'ccs' || /^[A-Za-z]\d{0,2}$/.test(w.value), { message: 'CCS 分类应如 P 或 P32', path: ['value'] })
  .refine((w) => w.kind !== 'ics' || /^\d{2}(\.\d{3}(\.\d{2})?)?$/.test(w.value), {
    message: 'ICS 分类应如 91、91.140 或 91.140.10',
    path: ['value'],
  })
  .refine((w) => w.kind !== 'keyword' || w.value.length >= 2, { message: '关键词至少两个字', path: ['value'] })
  .refine((w) => w.kind !== 'unit' || w.value.length >= 4, { message: '单位名称至少四个字', path: ['value'] });

const Watch = z.object({
  id: z.number(),
  kind: z.enum(WATCH_KINDS),
  value: z.string(),
  label: z.string().nullable(),
  createdAt: z.string(),
});
export type WatchT = z.infer<typeof Watch>;

export const listWatches = endpoint({
  method: 'GET',
  path: '/api/user/watches',
  response: z.object({ list: z.array(Watch), limit: z.number() }),
});
export const addWatch = endpoint({ method: 'POST', path: '/api/user/watches', body: WatchInput, response: Watch });
export const removeWatch = endpoint({
  method: 'DELETE',
  path: '/api/user/watches/:id',
  params: z.object({ id: z.coerce.number({ error: '编号不正确' }).int('编号不正确').positive('编号不正确') }),
  response: z.object({ id: z.number() }),
});
