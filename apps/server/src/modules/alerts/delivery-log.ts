import type { z } from 'zod';
import { maskMobile } from '@zs/shared/constants';
import {
  DELIVERY_STATE_NAMES,
  type AlertDeliveryRow,
  type alertDeliveries,
  type DELIVERY_STATES,
} from '@zs/shared/api/alert-delivery-log';
import type { Database } from '../../db/client.ts';
import { paged } from '../../db/paged.ts';
import { userJoin } from '../auth/index.ts';

type State = (typeof DELIVERY_STATES)[number];
type Counts = Record<State, number>;

/**
 * The outbox status as the office reads it (docs/alerts.md): a row a worker holds (claimed, sending) is still
 * 待发送; a skipped row is 已退订 when the user had turned the mails off, else 未发送.
 */
const STATE_SQL = `case when d.status = 'sent' then 'sent' when d.status = 'failed' then 'failed'
  when d.status = 'digested' then 'digested'
  when d.status = 'skipped' and d.last_error = 'unsubscribed' then 'unsubscribed'
  when d.status = 'skipped' then 'skipped' else 'queued' end`;
const STATE_WHERE: Record<State, string> = {
  sent: "d.status = 'sent'",
  failed: "d.status = 'failed'",
  queued: "d.status in ('queued', 'claimed', 'sending')",
  unsubscribed: "d.status = 'skipped' and d.last_error = 'unsubscribed'",
  skipped: "d.status = 'skipped' and d.last_error is distinct from 'unsubscribed'",
  digested: "d.status = 'digested'",
};
/** Days are Beijing days, as everywhere in the console. */
const DAY_SQL = `to_char(d.created_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD')`;

const zero = (): Counts => ({ sent: 0, queued: 0, failed: 0, unsubscribed: 0, skipped: 0, digested: 0 });
const beijingDay = (t: number) => new Date(t + 8 * 3600_000).toISOString().slice(0, 10);

function dayRange(from: string | undefined, to: string | undefined) {
  const end = to ?? beijingDay(Date.now());
  const start = from ?? beijingDay(Date.parse(`${end}T00:00:00Z`) - 29 * 86400_000);
  return { from: start, to: end };
}

/** Counts by state, per channel and per (day, channel), of the rows created in the range of days. */
export async function deliverySummary(db: Database, f: { channel?: string; from?: string; to?: string }) {
  const range = dayRange(f.from, f.to);
  const params: unknown[] = [range.from, range.to];
  const where = [
    `d.created_at >= ($1::date)::timestamp at time zone 'Asia/Shanghai'`,
    `d.created_at < ($2::date + 1)::timestamp at time zone 'Asia/Shanghai'`,
  ];
  if (f.channel) where.push(`d.channel = $${params.push(f.channel)}`);
  const rows = await db.query<{ day: string; channel: string; state: State; n: number }>(
    `select ${DAY_SQL} as day, d.channel, ${STATE_SQL} as state, count(*)::int as n
       from alert_deliveries d where ${where.join(' and ')} group by 1, 2, 3 order by 1 desc, 2`,
    params,
  );
  const totals = zero();
  const byChannel = new Map<string, Counts>();
  const byDay = new Map<string, Counts & { day: string; channel: string }>();
  for (const r of rows) {
    totals[r.state] += r.n;
    const c = byChannel.get(r.channel) ?? byChannel.set(r.channel, zero()).get(r.channel)!;
    c[r.state] += r.n;
    const k = `${r.day} ${r.channel}`;
    const d = byDay.get(k) ?? byDay.set(k, { day: r.day, channel: r.channel, ...zero() }).get(k)!;
    d[r.state] += r.n;
  }
  return {
    ...range,
    totals,
    byChannel: [...byChannel].map(([channel, c]) => ({ channel, ...c })),
    byDay: [...byDay.values()],
  };
}

interface Row {
  id: number;
  username: string | null;
  mobile: string | null;
  event: string;
  kind: string;
  channel: string;
  state: State;
  attempts: number;
  last_error: string | null;
  standard_no: string | null;
  created_at: string | Date;
  sent_at: string | Date | null;
}

const iso = (v: string | Date) => new Date(v).toISOString();

/** One page of the outbox, newest first; the user named by username and masked mobile only. */
export async function deliveryPage(db: Database, f: z.output<(typeof alertDeliveries)['query']>) {
  const params: unknown[] = [];
  const where = ['true'];
  if (f.channel) where.push(`d.channel = $${params.push(f.channel)}`);
  if (f.state) where.push(`(${STATE_WHERE[f.state]})`);
  if (f.event) where.push(`d.event like $${params.push(`${f.event.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)}`);
  if (f.user) {
    const p = params.push(f.user.replace(/[\\%_]/g, (c) => `\\${c}`));
    where.push(`(u.username ilike '%' || $${p} || '%' or u.mobile = $${p})`);
  }
  if (f.from) where.push(`d.created_at >= ($${params.push(f.from)}::date)::timestamp at time zone 'Asia/Shanghai'`);
  if (f.to) where.push(`d.created_at < ($${params.push(f.to)}::date + 1)::timestamp at time zone 'Asia/Shanghai'`);
  const from = `alert_deliveries d ${userJoin('u', 'd.user_id')}`;
  const sql = {
    count: from,
    select: `select d.id::int as id, u.username, u.mobile, d.event, d.kind, d.channel, ${STATE_SQL} as state, d.attempts,
       d.last_error, d.payload->>'standardNo' as standard_no, d.created_at, d.sent_at from ${from}`,
    where: where.join(' and '),
    order: 'd.id desc',
  };
  return paged(db, sql, params, f, (r: Row): AlertDeliveryRow => ({
    id: r.id,
    username: r.username,
    mobile: maskMobile(r.mobile),
    event: r.event,
    kind: r.kind,
    channel: r.channel,
    state: r.state,
    stateName: DELIVERY_STATE_NAMES[r.state],
    attempts: r.attempts,
    lastError: r.last_error,
    standardNo: r.standard_no,
    createdAt: iso(r.created_at),
    sentAt: r.sent_at === null ? null : iso(r.sent_at),
  }));
}
