import { DEFAULT_REPLY_WORKING_DAYS, type WorkingCalendar } from '@zs/shared';
import type { Database } from '../../db/client.ts';
import { withTransaction, type Query } from '../../db/tx.ts';
import { clock } from '../../lib/clock.ts';
import { writeAudit } from '../audit/index.ts';
import { putSetting, settingValue } from '../site/index.ts';
import { calendarDays, calendarYears, openQuestions, replaceCalendarYear, setDeadline } from './repository.ts';
import { shanghaiDay, workingDaysAfter, yearsFrom, type WorkCalendar } from './working-days.ts';

/** The site setting that holds the reply deadline in working days (site module's key-value settings). */
const REPLY_DAYS_KEY = 'questionReplyWorkingDays';

export async function replyDays(q: Database | Query): Promise<number> {
  const raw = await settingValue(q, REPLY_DAYS_KEY);
  const n = raw === null ? NaN : Number(raw);
  return Number.isInteger(n) && n >= 1 && n <= 30 ? n : DEFAULT_REPLY_WORKING_DAYS;
}

async function workCalendar(q: Query, years: number[]): Promise<WorkCalendar> {
  const days = await calendarDays(q, years);
  return {
    holidays: new Set(days.filter((d) => d.kind === 'holiday').map((d) => d.day)),
    workdays: new Set(days.filter((d) => d.kind === 'workday').map((d) => d.day)),
  };
}

/** The reply deadline of a question asked at `at`, on the calendars the office saved (Mon–Fri where none). */
export async function deadlineOf(q: Query, at: number): Promise<string> {
  const n = await replyDays(q);
  return new Date(workingDaysAfter(at, n, await workCalendar(q, yearsFrom(at)))).toISOString();
}

export async function calendarOf(db: Database, year: number): Promise<WorkingCalendar> {
  const q: Query = (t, p) => db.query(t, p);
  const [y] = await calendarYears(q, [year]);
  const days = await calendarDays(q, [year]);
  return {
    year,
    maintained: !!y,
    holidays: days.filter((d) => d.kind === 'holiday').map((d) => d.day),
    workdays: days.filter((d) => d.kind === 'workday').map((d) => d.day),
    updatedAt: y ? new Date(y.updated_at).toISOString() : null,
    replyDays: await replyDays(db),
  };
}

/** Deadlines of open questions follow the office's calendar and reply days: saving either recomputes them. */
async function recomputeOpen(q: Query): Promise<void> {
  for (const row of await openQuestions(q)) await setDeadline(q, row.id, await deadlineOf(q, new Date(row.created_at).getTime()));
}

export async function saveCalendar(
  db: Database,
  year: number,
  form: { holidays: string[]; workdays: string[] },
  actorId: number,
): Promise<WorkingCalendar> {
  await withTransaction(db, async (q) => {
    await replaceCalendarYear(q, year, form.holidays, form.workdays, actorId);
    await recomputeOpen(q);
    await writeAudit(q, {
      actorId,
      action: 'interaction.calendar',
      targetType: 'calendar',
      targetId: year,
      detail: { holidays: form.holidays.length, workdays: form.workdays.length },
    });
  });
  return calendarOf(db, year);
}

export async function saveReplyDays(db: Database, n: number, actorId: number): Promise<{ replyDays: number }> {
  await withTransaction(db, async (q) => {
    await putSetting(q, REPLY_DAYS_KEY, String(n));
    await recomputeOpen(q);
    await writeAudit(q, {
      actorId,
      action: 'interaction.reply_days',
      targetType: 'settings',
      targetId: null,
      detail: { replyDays: n },
    });
  });
  return { replyDays: await replyDays(db) };
}

/** Whether the office has saved this year's calendar (/admin/health flags it missing). */
export async function currentYearMaintained(db: Database): Promise<{ year: number; maintained: boolean }> {
  const year = Number(shanghaiDay(clock.now()).slice(0, 4));
  const rows = await calendarYears((t, p) => db.query(t, p), [year]);
  return { year, maintained: rows.length > 0 };
}
