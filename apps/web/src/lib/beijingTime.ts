import dayjs, { type Dayjs } from 'dayjs';

// The console's pickers hold Beijing wall-clock time whatever the browser's time zone (issue 30: 09:00 typed in
// a UTC browser was stored as 17:00 Beijing). A picker's Dayjs is read for its fields only (year … minute) and
// those fields are Beijing time; China has no daylight saving, so +08:00 is exact. Only console chunks import
// this file, so dayjs stays off public pages (decisions/0008).

const wallClock = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** The label every time field and time shown in the console carries. */
export const BEIJING = '北京时间';

/** A picker value for an instant: its Beijing date and time as the picker's fields. Now when empty. */
export function toBeijingPicker(iso: string | null | undefined): Dayjs {
  const d = iso ? new Date(iso) : new Date();
  return dayjs(wallClock.format(Number.isNaN(d.getTime()) ? new Date() : d).replace(' ', 'T'));
}

/** The instant (ISO UTC) of a picker value whose fields are Beijing time. */
export function fromBeijingPicker(value: Dayjs): string {
  return new Date(`${value.format('YYYY-MM-DDTHH:mm:ss')}+08:00`).toISOString();
}

/** A calendar day's picker value (YYYY-MM-DD ↔ Dayjs), for fields that keep plain days. */
export const dayToPicker = (day: string | null | undefined): Dayjs | null => (day ? dayjs(day) : null);
export const pickerToDay = (value: Dayjs | null | undefined): string => (value ? value.format('YYYY-MM-DD') : '');
