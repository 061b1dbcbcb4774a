import { describe, expect, it } from 'vitest';
import { fileSize, formatDate, formatDateTime, todayInChina } from './dates.ts';

describe('dates', () => {
  it('shows timestamps in China Standard Time', () => {
    expect(formatDateTime('2026-01-01T17:04:59Z')).toBe('2026-01-02 01:04');
    expect(formatDate('2026-01-01T17:04:59Z')).toBe('2026-01-02');
    expect(todayInChina(new Date('2026-03-31T20:00:00Z'))).toBe('2026-04-01');
  });

  it('keeps calendar days and blanks what is not a date', () => {
    expect(formatDate('2019-05-08')).toBe('2019-05-08');
    expect(formatDate(null)).toBe('');
    expect(formatDateTime('不是日期')).toBe('');
    expect(formatDateTime(undefined)).toBe('');
  });

  it('sizes files', () => {
    expect(fileSize(512)).toBe('512 B');
    expect(fileSize(1536)).toBe('1.5 KB');
    expect(fileSize(3.2 * 1024 * 1024)).toBe('3.2 MB');
  });
});
