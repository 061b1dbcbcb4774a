import { describe, expect, it } from 'vitest';
import { isWorkingDay, shanghaiDay, workingDaysAfter, type WorkCalendar } from '../src/modules/interaction/working-days.ts';

// A made-up calendar for the test (not any year's real arrangement): a week of holidays Mon 8 – Fri 12 Feb 2027
// and Mon 15 Feb, with Saturday 13 Feb a 调休 workday.
const CAL: WorkCalendar = {
  holidays: new Set(['2027-02-08', '2027-02-09', '2027-02-10', '2027-02-11', '2027-02-12', '2027-02-15']),
  workdays: new Set(['2027-02-13']),
};
const NONE: WorkCalendar = { holidays: new Set(), workdays: new Set() };
const at = (s: string) => Date.parse(s);
const iso = (ms: number) => new Date(ms).toISOString();

describe('working days (Asia/Shanghai)', () => {
  it('counts Monday to Friday without a calendar, the day asked not counted', () => {
    // Friday 5 Feb 10:00 → Mon 8 … Fri 12: overdue from Saturday 13 Feb 00:00 Beijing time.
    expect(iso(workingDaysAfter(at('2027-02-05T10:00:00+08:00'), 5, NONE))).toBe('2027-02-12T16:00:00.000Z');
  });

  it('skips holidays and counts a 调休 Saturday', () => {
    // Sat 13 (调休) is 1, Mon 15 is a holiday, Tue 16 … Fri 19 are 2-5.
    expect(iso(workingDaysAfter(at('2027-02-05T10:00:00+08:00'), 5, CAL))).toBe(iso(at('2027-02-20T00:00:00+08:00')));
    expect(isWorkingDay('2027-02-13', CAL)).toBe(true);
    expect(isWorkingDay('2027-02-13', NONE)).toBe(false);
    expect(isWorkingDay('2027-02-15', CAL)).toBe(false);
    // Asked on the 调休 Saturday itself: the Saturday does not count, Mon 15 is off, Tue 16 is the one day.
    expect(iso(workingDaysAfter(at('2027-02-13T09:00:00+08:00'), 1, CAL))).toBe(iso(at('2027-02-17T00:00:00+08:00')));
  });

  it('takes the day in Beijing time, not UTC: the minute before and after midnight', () => {
    // 23:59 Thursday (Beijing) → Fri 5 is day 1; 00:00 Friday → the Friday does not count.
    const thu = workingDaysAfter(at('2027-02-04T23:59:00+08:00'), 5, CAL);
    const fri = workingDaysAfter(at('2027-02-05T00:00:00+08:00'), 5, CAL);
    expect(iso(thu)).toBe(iso(at('2027-02-19T00:00:00+08:00')));
    expect(iso(fri)).toBe(iso(at('2027-02-20T00:00:00+08:00')));
    // 16:30 UTC on the 4th is already the 5th in Zhongshan.
    expect(shanghaiDay(at('2027-02-04T16:30:00Z'))).toBe('2027-02-05');
    expect(workingDaysAfter(at('2027-02-04T16:30:00Z'), 5, CAL)).toBe(fri);
    expect(workingDaysAfter(at('2027-02-04T15:59:00Z'), 5, CAL)).toBe(thu);
  });

  it('is the end of the last working day: the minute before is in time, the minute after is late', () => {
    const deadline = workingDaysAfter(at('2027-02-05T10:00:00+08:00'), 5, CAL);
    const lastMinute = at('2027-02-19T23:59:00+08:00');
    expect(lastMinute < deadline).toBe(true);
    expect(at('2027-02-20T00:01:00+08:00') >= deadline).toBe(true);
  });

  it('crosses the year end and refuses nonsense', () => {
    // Thu 30 Dec 2027 → Fri 31, Mon 3, Tue 4 Jan 2028.
    expect(iso(workingDaysAfter(at('2027-12-30T12:00:00+08:00'), 3, NONE))).toBe(iso(at('2028-01-05T00:00:00+08:00')));
    expect(() => workingDaysAfter(Date.now(), 0, NONE)).toThrow(RangeError);
    const allOff: WorkCalendar = { holidays: { has: () => true } as unknown as Set<string>, workdays: new Set() };
    expect(() => workingDaysAfter(Date.now(), 1, allOff)).toThrow(RangeError);
  });
});
