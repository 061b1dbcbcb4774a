/**
 * Working days in Asia/Shanghai (UTC+8 all year, no daylight saving). A day is a working day when it is a
 * 调休 workday the office entered, or a Monday–Friday that is not one of its holidays. Pure: the calendar is
 * handed in, so tests and the service compute the same deadline.
 */
export interface WorkCalendar {
  /** YYYY-MM-DD days off (法定节假日 and the days moved next to them). */
  holidays: ReadonlySet<string>;
  /** YYYY-MM-DD weekend days that are working days (调休上班). */
  workdays: ReadonlySet<string>;
}

const DAY_MS = 86_400_000;
const SHANGHAI_MS = 8 * 3_600_000;
/** Enough for any real calendar; stops a calendar that marks every day a holiday from looping for ever. */
const MAX_SCAN_DAYS = 3660;

/** The Asia/Shanghai calendar day (YYYY-MM-DD) of an instant. */
export function shanghaiDay(at: number): string {
  return new Date(at + SHANGHAI_MS).toISOString().slice(0, 10);
}

/** The instant a Shanghai calendar day begins (00:00 +08:00). */
export function startOfShanghaiDay(day: string): number {
  return Date.parse(`${day}T00:00:00+08:00`);
}

export function isWorkingDay(day: string, cal: WorkCalendar): boolean {
  if (cal.workdays.has(day)) return true;
  if (cal.holidays.has(day)) return false;
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6;
}

/**
 * "N working days after T": the day of T does not count (a question asked at 23:59 and one asked at 00:01
 * the same day get the same deadline); the answer is the instant the Nth following working day ends, i.e.
 * 00:00 Asia/Shanghai of the next calendar day. Overdue means `now >= deadline`.
 */
export function workingDaysAfter(at: number, n: number, cal: WorkCalendar): number {
  if (!Number.isInteger(n) || n < 1) throw new RangeError('n must be a positive integer');
  let day = startOfShanghaiDay(shanghaiDay(at));
  let left = n;
  for (let i = 0; i < MAX_SCAN_DAYS; i++) {
    day += DAY_MS;
    if (isWorkingDay(shanghaiDay(day), cal) && --left === 0) return day + DAY_MS;
  }
  throw new RangeError('no working days found in ten years');
}

/** The years whose calendars a deadline from `at` may need (the year of T and the next one). */
export function yearsFrom(at: number): number[] {
  const y = Number(shanghaiDay(at).slice(0, 4));
  return [y, y + 1];
}
