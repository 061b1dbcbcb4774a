import { backgroundOf, type Database, type Query } from '../../db/client.ts';
import { clock } from '../../lib/clock.ts';
import { visibleDraftsSql } from '../consultation/index.ts';
import { editionIds, maxStandardId, standardsAfterId, standardsImplementingOn } from '../standards/index.ts';
import { beijingDayStart } from './delivery-channels.ts';
import { queueConsultationDrafts, queueImplementation, queueNewStandards, type PublicDraft } from './matching.ts';
import { betweenChunks, chunkSizes, fanOutOptions } from './pacing.ts';

const SCAN = 'new_standards';

/**
 * New records since the last scan (whoever added them: an import, the console): new standards in watched series,
 * classes, keywords and units, and new editions. The first run only notes where the catalogue ends (an existing
 * catalogue is not news). The position moves after each batch is queued; a rerun of a batch queues nothing twice
 * (the outbox's unique key).
 */
export async function scanNewStandards(foreground: Database, batch = 500): Promise<{ scanned: number; queued: number }> {
  // Behind the requests' statements on PGlite (decisions/0096).
  const db = backgroundOf(foreground);
  const q: Query = (t, p) => db.query(t, p);
  const [state] = await q<{ last_id: number }>('select last_id::int as last_id from alert_scan_state where name = $1', [SCAN]);
  if (!state) {
    await q('insert into alert_scan_state (name, last_id) values ($1, $2) on conflict (name) do nothing', [
      SCAN,
      await maxStandardId(q),
    ]);
    return { scanned: 0, queued: 0 };
  }
  let last = state.last_id;
  let scanned = 0;
  let queued = 0;
  for (;;) {
    const added = await standardsAfterId(q, last, batch);
    if (added.length === 0) break;
    const others = await editionIds(q, [...new Set(added.map((a) => a.no_base))]);
    const editions = added.flatMap((a) =>
      others.filter((o) => o.no_base === a.no_base && o.id !== a.id).map((o) => ({ oldId: o.id, newId: a.id })),
    );
    const r = await queueNewStandards(q, added, editions, fanOutOptions(db));
    queued += r.newStandard + r.newEdition;
    last = added.at(-1)!.id;
    scanned += added.length;
    await q('update alert_scan_state set last_id = greatest(last_id, $2) where name = $1', [SCAN, last]);
    if (added.length < batch) break;
  }
  return { scanned, queued };
}

/**
 * Drafts for public comment that became visible since the last run (published at once, or scheduled and their time
 * has come; no transition marks the latter, so the job looks), each announced once (decisions/0101): queued first,
 * then noted in alert_consultation_drafts, so a crash in between queues nothing twice (the outbox's unique key) and
 * a draft unpublished and published again is not announced again. Drafts public before the table existed were noted
 * by its migration.
 */
export async function scanConsultationDrafts(foreground: Database, batch = 100): Promise<number> {
  // Behind the requests' statements on PGlite (decisions/0096).
  const db = backgroundOf(foreground);
  const q: Query = (t, p) => db.query(t, p);
  let queued = 0;
  for (;;) {
    const drafts = await q<PublicDraft>(
      `select v.id::int as id, v.project_name, v.plan_no, v.drafting_units, v.responsible_unit, v.deadline
         from (${visibleDraftsSql('$1')}) v
        where not exists (select 1 from alert_consultation_drafts a where a.draft_id = v.id)
        order by v.id limit $2`,
      [new Date(clock.now()).toISOString(), batch],
    );
    if (drafts.length === 0) return queued;
    queued += await queueConsultationDrafts(q, drafts, fanOutOptions(db));
    await q('insert into alert_consultation_drafts (draft_id) select unnest($1::bigint[]) on conflict do nothing', [
      drafts.map((d) => d.id),
    ]);
    if (drafts.length < batch) return queued;
  }
}

const isoDay = (d: Date) => new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);

/** 即将实施: the records taking effect 30, 7 and 1 days after today (Beijing), queued once per (user, record, N). */
export async function queueUpcomingImplementations(foreground: Database, now = Date.now()): Promise<number> {
  // Behind the requests' statements on PGlite (decisions/0096).
  const db = backgroundOf(foreground);
  const q: Query = (t, p) => db.query(t, p);
  const today = beijingDayStart(now).getTime();
  const byDay = new Map([30, 7, 1].map((n) => [isoDay(new Date(today + n * 86_400_000)), n]));
  const rows = await standardsImplementingOn(q, [...byDay.keys()]);
  const due = rows.map((r) => ({ ...r, days: byDay.get(String(r.implement_date).slice(0, 10)) ?? 0 })).filter((r) => r.days);
  return queueImplementation(q, due, fanOutOptions(db));
}

/** The start of the current period: the Beijing day, or the Beijing week from Monday. */
export function periodStart(period: 'daily' | 'weekly', now = Date.now()): Date {
  const day = beijingDayStart(now);
  if (period === 'daily') return day;
  const weekday = new Date(day.getTime() + 8 * 3_600_000).getUTCDay(); // 0 = Sunday
  return new Date(day.getTime() - ((weekday + 6) % 7) * 86_400_000);
}

const MAX_USER_ID = 2_147_483_647;

/**
 * Folds the daily (or weekly) rows queued before the current period into one mail per user listing the events: per
 * chunk of users, one statement inserts the digest rows and marks their members 'digested' (all of a user's rows are
 * in one chunk). Members are taken with SKIP LOCKED, so two instances building at once fold disjoint rows; the
 * digest's event names its first member, so it is unique. Between chunks the requests waiting run first.
 */
export async function buildDigests(
  foreground: Database,
  period: 'daily' | 'weekly',
  now = Date.now(),
  /** Waiting rows per statement (about as many users): chunkSizes() by default. */
  chunkUsers = chunkSizes(foreground).digestRows,
): Promise<{ users: number; events: number }> {
  // Behind the requests' statements on PGlite (decisions/0096).
  const db = backgroundOf(foreground);
  const before = periodStart(period, now);
  const total = { users: 0, events: 0 };
  let after = 0;
  for (;;) {
    // The chunk's last user: the one the chunkUsers-th waiting row after `after` belongs to (null: fewer are left).
    // Rows, not users, are counted, so a chunk holds at most chunkUsers rows plus the rest of its last user's.
    const [b] = await db.query<{ hi: number | null }>(
      `select user_id::int as hi from alert_deliveries
        where status = 'queued' and cadence = $1 and cadence <> 'immediate' and channel = 'email' and created_at < $2
          and user_id > $3
        order by user_id offset $4 limit 1`,
      [period, before, after, Math.max(1, chunkUsers) - 1],
    );
    const upTo = b?.hi ?? MAX_USER_ID;
    const r = await digestChunk(db, period, before, after, upTo);
    total.users += r.users;
    total.events += r.events;
    if (upTo >= MAX_USER_ID) return total;
    after = upTo;
    await betweenChunks(db);
  }
}

async function digestChunk(
  db: Database,
  period: 'daily' | 'weekly',
  before: Date,
  after: number,
  upTo: number,
): Promise<{ users: number; events: number }> {
  const rows = await db.query<{ users: number; events: number }>(
    `with items as (
       select id, user_id, kind, payload from alert_deliveries
        where status = 'queued' and cadence = $1 and cadence <> 'immediate' and channel = 'email' and created_at < $2
          and user_id > $4 and user_id <= $5
        order by id for update skip locked),
     -- Each member keeps the id of its user's first member: the digest's event names it, and the update below
     -- finds members by primary key (a join on user_id between CTEs, whose sizes the planner cannot estimate,
     -- became a nested loop over 100,000 × 100,000 rows).
     members as (select id, user_id, min(id) over (partition by user_id) as first_id from items),
     digests as (
       insert into alert_deliveries (user_id, event, channel, kind, payload)
       select user_id, 'digest:' || $1 || ':' || $3 || ':' || min(id), 'email', 'digest',
              jsonb_build_object('period', $1::text, 'items', jsonb_agg(jsonb_build_object('kind', kind, 'payload', payload) order by id))
         from items group by user_id
       on conflict (user_id, event, channel) do nothing
       returning id),
     folded as (
       update alert_deliveries d set status = 'digested', digest_id = m.first_id
         from members m where d.id = m.id
        returning d.id)
     select (select count(*)::int from digests) as users, (select count(*)::int from folded) as events`,
    [period, before, isoDay(new Date(before.getTime() - 1)), after, upTo],
  );
  return rows[0] ?? { users: 0, events: 0 };
}
