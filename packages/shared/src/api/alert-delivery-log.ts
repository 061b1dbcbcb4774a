import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { isoDate, pageNumberParam, pageSchema, pageSizeParam, textParam } from './common.ts';

/**
 * The office's delivery log of alerts (issue 27, docs/alerts.md): what the outbox `alert_deliveries` holds, counted
 * and listed. States as the office reads them: 已发送, 待发送 (queued, or taken by a worker), 失败, 已退订 (skipped
 * because the user turned the mails off), 未发送 (skipped for another reason, e.g. no verified address), 已并入摘要
 * (went out inside a daily or weekly digest mail).
 */
export const DELIVERY_STATES = ['sent', 'queued', 'failed', 'unsubscribed', 'skipped', 'digested'] as const;
export const DELIVERY_STATE_NAMES: Record<(typeof DELIVERY_STATES)[number], string> = {
  sent: '已发送',
  queued: '待发送',
  failed: '失败',
  unsubscribed: '已退订',
  skipped: '未发送',
  digested: '已并入摘要',
};

/** An empty query value is no filter (the console's cleared fields). */
const optional = <T extends z.ZodType>(t: T) => z.preprocess((v) => (v === '' ? undefined : v), t.optional());
const channel = optional(z.string({ error: '渠道格式不正确' }).regex(/^[a-z_]{1,20}$/, '渠道格式不正确'));
const range = { from: optional(isoDate('开始日期')), to: optional(isoDate('结束日期')) };

const Counts = z.object({
  sent: z.number(),
  queued: z.number(),
  failed: z.number(),
  unsubscribed: z.number(),
  skipped: z.number(),
  digested: z.number(),
});

/** Counts by channel and by day (Beijing time) over a range of days; the last 30 days by default. */
export const alertDeliverySummary = endpoint({
  method: 'GET',
  path: '/api/admin/alerts/deliveries/summary',
  query: z.object({ channel, ...range }),
  response: z.object({
    from: z.string(),
    to: z.string(),
    totals: Counts,
    byChannel: z.array(Counts.extend({ channel: z.string() })),
    byDay: z.array(Counts.extend({ day: z.string(), channel: z.string() })),
  }),
});

export const AlertDeliveryRow = z.object({
  id: z.number(),
  /** The user as the console shows people: username and the masked mobile (138****5678). */
  username: z.string().nullable(),
  mobile: z.string(),
  event: z.string(),
  kind: z.string(),
  channel: z.string(),
  state: z.enum(DELIVERY_STATES),
  stateName: z.string(),
  attempts: z.number(),
  lastError: z.string().nullable(),
  standardNo: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type AlertDeliveryRow = z.infer<typeof AlertDeliveryRow>;

/** The rows, newest first, filtered by channel, state, event, user (username or mobile) and day range. */
export const alertDeliveries = endpoint({
  method: 'GET',
  path: '/api/admin/alerts/deliveries',
  query: z.object({
    channel,
    state: optional(z.enum(DELIVERY_STATES, { error: '状态不正确' })),
    event: textParam(60, '事件'),
    user: textParam(50, '用户'),
    ...range,
    page: pageNumberParam,
    size: pageSizeParam(20),
  }),
  response: pageSchema(AlertDeliveryRow),
});
