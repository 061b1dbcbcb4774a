import type { Query } from '../../db/client.ts';
import { activeUserSql, userChunkBoundSql } from '../auth/index.ts';
import { standardCollectorsSql } from '../collections/index.ts';
import { verifiedAddressSql } from '../mail/index.ts';
import { productStandardHoldersSql } from '../product-standards/index.ts';
import type { StatusChangeRow, WatchableStandard } from '../standards/index.ts';
import { nextTurn } from './pacing.ts';
import type { AlertChannel, AlertKind } from './preferences.ts';

/**
 * Set-based matching of events to watchers (decisions/0085): each event kind is ONE insert … select into the outbox,
 * whatever the number of watchers — a status change of a standard 100,000 users watch queues every row in one
 * statement, no loop over users. Channels and cadence come from alert_preferences in the same statement; without a
 * row the in-site message is on and email and SMS are off (preferences.ts says the same).
 *
 * `watchers` is SQL yielding (user_id, event, payload jsonb, site_served boolean): site_served marks users whose
 * in-site message is written by the status path itself (collectors, status.ts), so no site row is queued for them.
 */
async function queueMatched(
  q: Query,
  kind: AlertKind,
  channels: AlertChannel[],
  watchers: string,
  params: unknown[],
  users?: { after: number; upTo: number },
): Promise<number> {
  const k = params.length + 1;
  // A chunk of the fan-out: only the watchers with after < user_id <= upTo (pushed into each branch of the watchers'
  // union, where an index on user_id serves it).
  const range = users ? `where w0.user_id > $${k + 2}::int and w0.user_id <= $${k + 3}::int` : '';
  const rows = await q<{ n: number }>(
    `with w as (select distinct on (user_id, event) user_id, event, payload, site_served
                  from (${watchers}) w0 ${range} order by user_id, event, site_served desc),
          ins as (
      insert into alert_deliveries (user_id, event, channel, kind, payload, cadence)
      select w.user_id, w.event, c.channel, $${k}, w.payload, coalesce(p.cadence, 'immediate')
        from w cross join unnest($${k + 1}::text[]) as c (channel)
        left join alert_preferences p on p.user_id = w.user_id and p.kind = $${k} and p.channel = c.channel
       where coalesce(p.enabled, c.channel = 'site')
         and not (c.channel = 'site' and w.site_served)
         and ${activeUserSql('w.user_id')}
         and (c.channel <> 'email' or ${verifiedAddressSql('w.user_id')})
      on conflict (user_id, event, channel) do nothing returning 1)
     select count(*)::int as n from ins`,
    users ? [...params, kind, channels, users.after, users.upTo] : [...params, kind, channels],
  );
  return rows[0]?.n ?? 0;
}

/** Watchers per statement of a large fan-out: each chunk writes up to this many users × channels rows. */
export const FANOUT_CHUNK_USERS = 2000;
const MAX_USER_ID = 2_147_483_647;

export interface FanOutOptions {
  /** Watchers per statement (FANOUT_CHUNK_USERS by default). */
  chunkUsers?: number;
  /**
   * Awaited between chunks, so the requests that arrived meanwhile run before the next chunk (on PGlite, one
   * connection, a search then waits for at most one chunk; on PostgreSQL the event loop and the pool breathe).
   */
  pause?: () => Promise<void>;
}

/**
 * A fan-out in chunks of users (decisions/0090): `bound` is SQL giving, after the user id $1, the id of the user
 * $2 places on (the chunk's last user; null when fewer are left), so each statement queues a bounded slice and all
 * of a user's rows fall in one slice. Each chunk is its own insert … select; the outbox's unique key keeps a rerun
 * (or a second instance on an overlapping chunk) from queueing anything twice.
 */
async function queueInChunks(
  q: Query,
  bound: string,
  boundParams: unknown[],
  queueChunk: (users: { after: number; upTo: number }) => Promise<number>,
  opts: FanOutOptions,
): Promise<number> {
  const size = Math.max(1, opts.chunkUsers ?? FANOUT_CHUNK_USERS);
  let after = 0;
  let queued = 0;
  for (;;) {
    const [row] = await q<{ hi: number | null }>(bound, [after, size - 1, ...boundParams]);
    const upTo = row?.hi ?? MAX_USER_ID;
    queued += await queueChunk({ after, upTo });
    if (upTo >= MAX_USER_ID) return queued;
    after = upTo;
    await (opts.pause ?? nextTurn)();
  }
}

/**
 * A fan-out whose watchers come from several sources and many values (new standards, 即将实施): chunks of user ids
 * in the users table's order, each its own statement, so no statement writes more than a chunk of users' rows
 * whatever matches (every source is read by an index that leads with, or ends in, user_id).
 */
function queueByUserRange(
  q: Query,
  opts: FanOutOptions,
  queueChunk: (users: { after: number; upTo: number }) => Promise<number>,
): Promise<number> {
  return queueInChunks(q, userChunkBoundSql, [], queueChunk, opts);
}

/**
 * A status change (被代替, 废止 …): those who watch the standard, and those who collected it before the change
 * (their in-site message comes from status.ts, so only their email and SMS rows are queued here).
 */
export async function queueStatusChange(q: Query, h: StatusChangeRow, opts: FanOutOptions = {}): Promise<number> {
  const payload = {
    standardId: h.standard_id,
    standardNo: h.standard_no,
    name: h.name_zh,
    oldStatus: h.old_status ?? '',
    newStatus: h.new_status,
    replacedBy: h.replaced_by,
    replacedById: h.replaced_by_id,
  };
  const watchers = `
    select w.user_id, $1::text as event, $2::jsonb as payload, false as site_served
      from alert_watches w where w.kind = 'standard' and w.value = $3
    union all
    select c.user_id, $1::text, $2::jsonb, true from (${standardCollectorsSql('array[$3::bigint]', '$4::timestamptz')}) c
    union all
    select p.user_id, $1::text, $2::jsonb, false from (${productStandardHoldersSql('array[$3::bigint]', '$4::timestamptz')}) p`;
  const params = [`status:${h.id}`, JSON.stringify(payload), String(h.standard_id), h.changed_at];
  // The chunk's last user: the nearest of the sources' ($2 + 1)-th watcher after $1 (least() skips a null).
  const bound = `select least(
      (select w.user_id from alert_watches w where w.kind = 'standard' and w.value = $3 and w.user_id > $1
        order by w.user_id offset $2 limit 1),
      (select c.user_id from (${standardCollectorsSql('array[$3::bigint]', '$4::timestamptz')}) c where c.user_id > $1
        order by c.user_id offset $2 limit 1),
      (select p.user_id from (${productStandardHoldersSql('array[$3::bigint]', '$4::timestamptz')}) p where p.user_id > $1
        order by p.user_id offset $2 limit 1))::int as hi`;
  return queueInChunks(
    q,
    bound,
    [String(h.standard_id), h.changed_at],
    (users) => queueMatched(q, 'standard_status', ['site', 'email', 'sms'], watchers, params, users),
    opts,
  );
}

/**
 * A keyword watch found in a title, a unit watch in the units (SQL over the alias w of alert_watches): new standards
 * and drafts for public comment match the same way.
 */
const textWatchMatch = (title: string, units: string) =>
  `(w.kind = 'keyword' and strpos(${title}, w.value) > 0) or (w.kind = 'unit' and strpos(coalesce(${units}, ''), w.value) > 0)`;

const recordset = `jsonb_to_recordset($1::jsonb) as n (id int, standard_no text, no_base text, name_zh text,
  ccs_code text, ics_code text, units text, implement_date text, days int)`;
const base = `'standardId', n.id, 'standardNo', n.standard_no, 'name', n.name_zh`;

/**
 * New records (an import or the console added them): a new standard in a watched series, class, keyword or unit,
 * and a new edition of a watched or collected standard (same number without year). One statement per kind for the
 * whole batch.
 */
export async function queueNewStandards(
  q: Query,
  added: WatchableStandard[],
  editions: Array<{ oldId: number; newId: number }>,
  opts: FanOutOptions = {},
): Promise<{ newStandard: number; newEdition: number }> {
  if (added.length === 0) return { newStandard: 0, newEdition: 0 };
  const rows = JSON.stringify(added);
  const inSeries = `
    select w.user_id, 'new:' || n.id as event,
           jsonb_build_object(${base}, 'watchKind', w.kind, 'watchValue', w.value) as payload, false as site_served
      from ${recordset} join alert_watches w on w.kind in ('series', 'ccs', 'ics', 'keyword', 'unit') and (
           (w.kind = 'series' and left(upper(replace(n.standard_no, ' ', '')), length(w.value)) = w.value)
        or (w.kind = 'ccs' and left(upper(coalesce(n.ccs_code, '')), length(w.value)) = w.value)
        or (w.kind = 'ics' and left(coalesce(n.ics_code, ''), length(w.value)) = w.value)
        or ${textWatchMatch('n.name_zh', 'n.units')})`;
  const newStandard = await queueByUserRange(q, opts, (users) =>
    queueMatched(q, 'new_standard', ['site', 'email'], inSeries, [rows], users),
  );
  const pairs = JSON.stringify(editions.map((e) => ({ old_id: e.oldId, new_id: e.newId })));
  const ofEdition = `
    select w.user_id, 'edition:' || n.id as event, jsonb_build_object(${base}, 'previous', w.label) as payload,
           false as site_served
      from ${recordset} join alert_watches w on w.kind = 'standard' and w.no_base = n.no_base and w.value <> n.id::text
    union all
    select c.user_id, 'edition:' || n.id, jsonb_build_object(${base}), false
      from ${recordset}
      join jsonb_to_recordset($2::jsonb) as e (old_id bigint, new_id int) on e.new_id = n.id
      join (${standardCollectorsSql('$3::bigint[]')}) c on c.standard_id = e.old_id
    union all
    select p.user_id, 'edition:' || n.id, jsonb_build_object(${base}), false
      from ${recordset}
      join jsonb_to_recordset($2::jsonb) as e (old_id bigint, new_id int) on e.new_id = n.id
      join (${productStandardHoldersSql('$3::bigint[]')}) p on p.standard_id = e.old_id`;
  const newEdition = await queueByUserRange(q, opts, (users) =>
    queueMatched(q, 'new_edition', ['site', 'email'], ofEdition, [rows, pairs, editions.map((e) => e.oldId)], users),
  );
  return { newStandard, newEdition };
}

/**
 * 即将实施: records taking effect in `days` days, for those who watch or collected them and chose that many days
 * (default 7). The event key impl:<standard>:<days> makes it once per (user, standard, N), however often the job runs.
 */
export async function queueImplementation(
  q: Query,
  due: Array<WatchableStandard & { days: number }>,
  opts: FanOutOptions = {},
): Promise<number> {
  if (due.length === 0) return 0;
  const watchers = `
    select x.user_id, x.event, x.payload, false as site_served from (
      select w.user_id, 'impl:' || n.id || ':' || n.days as event, n.days,
             jsonb_build_object(${base}, 'implementDate', n.implement_date, 'days', n.days) as payload
        from ${recordset} join alert_watches w on w.kind = 'standard' and w.value = n.id::text
      union all
      select c.user_id, 'impl:' || n.id || ':' || n.days, n.days,
             jsonb_build_object(${base}, 'implementDate', n.implement_date, 'days', n.days)
        from ${recordset} join (${standardCollectorsSql('$2::bigint[]')}) c on c.standard_id = n.id
      union all
      select p.user_id, 'impl:' || n.id || ':' || n.days, n.days,
             jsonb_build_object(${base}, 'implementDate', n.implement_date, 'days', n.days)
        from ${recordset} join (${productStandardHoldersSql('$2::bigint[]')}) p on p.standard_id = n.id) x
     where x.days = any(coalesce((select s.lead_days from alert_user_settings s where s.user_id = x.user_id), '{7}'))`;
  return queueByUserRange(q, opts, (users) =>
    queueMatched(q, 'implementation', ['site', 'email'], watchers, [JSON.stringify(due), due.map((d) => d.id)], users),
  );
}

/** A draft for public comment the consultation module shows visitors (its visibleDraftsSql). */
export interface PublicDraft {
  id: number;
  project_name: string;
  plan_no: string;
  drafting_units: string;
  responsible_unit: string;
  deadline: Date | string;
}

/**
 * Drafts for public comment, newly visible (decisions/0101): they carry no CCS/ICS class nor standard number, so
 * only keyword watches (in the project name) and unit watches (in the drafting or 归口 units) match them, as for new
 * standards. In-site and email, never SMS; the event key draft:<id> makes it once per (user, draft, channel).
 */
export async function queueConsultationDrafts(q: Query, drafts: PublicDraft[], opts: FanOutOptions = {}): Promise<number> {
  if (drafts.length === 0) return 0;
  const rows = JSON.stringify(
    drafts.map((d) => ({
      id: d.id,
      plan_no: d.plan_no,
      project_name: d.project_name,
      // One line each, so a unit watch never matches across the two.
      units: `${d.drafting_units}\n${d.responsible_unit}`,
      deadline: new Date(d.deadline).toISOString(),
    })),
  );
  // standardNo and name carry the plan number and the project, so the digest and the delivery log show them.
  const watchers = `
    select w.user_id, 'draft:' || n.id as event,
           jsonb_build_object('draftId', n.id, 'standardNo', n.plan_no, 'name', n.project_name, 'deadline', n.deadline,
                              'watchKind', w.kind, 'watchValue', w.value) as payload, false as site_served
      from jsonb_to_recordset($1::jsonb) as n (id int, plan_no text, project_name text, units text, deadline text)
      join alert_watches w on w.kind in ('keyword', 'unit') and (${textWatchMatch('n.project_name', 'n.units')})`;
  return queueByUserRange(q, opts, (users) => queueMatched(q, 'consultation_draft', ['site', 'email'], watchers, [rows], users));
}
