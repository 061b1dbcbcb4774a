import { describe, expect, it } from 'vitest';
import { parseDays } from './interaction.ts';

describe('parseDays (the holiday calendar pasted by the office)', () => {
  it('reads days in the usual written forms, sorted and once each', () => {
    const pasted = '10月1日放假：2027年10月1日、2027/10/2，2027.10.3\n2027-10-01（重复）\n上班：2027-9-26';
    expect(parseDays(pasted)).toEqual(['2027-09-26', '2027-10-01', '2027-10-02', '2027-10-03']);
  });

  it('ignores text without a year, month and day', () => {
    expect(parseDays('10月1日至7日放假调休，共7天')).toEqual([]);
  });
});
