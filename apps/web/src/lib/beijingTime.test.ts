import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { fromBeijingPicker, toBeijingPicker } from './beijingTime.ts';

describe('Beijing wall-clock pickers', () => {
  it('reads a picker value as Beijing time: 09:00 is 01:00 UTC', () => {
    expect(fromBeijingPicker(dayjs('2026-11-27T09:00:00'))).toBe('2026-11-27T01:00:00.000Z');
  });
  it('shows an instant as its Beijing date and time, across the UTC day boundary', () => {
    expect(toBeijingPicker('2026-11-26T17:30:00.000Z').format('YYYY-MM-DD HH:mm')).toBe('2026-11-27 01:30');
  });
  it('round-trips', () => {
    const iso = '2026-03-01T04:05:00.000Z';
    expect(fromBeijingPicker(toBeijingPicker(iso))).toBe(iso);
  });
});
