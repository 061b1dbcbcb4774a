import { describe, expect, it } from 'vitest';
import { ConsultationMessages as M } from '@zs/shared/consultation';
import { periodState } from './format.ts';
import { commentErrors, emptyComment, toInput } from './checks.ts';
import { fromLocalInput, toLocalInput } from './statuses.ts';

describe('drafts for comment on the web', () => {
  it('names the period as the server counted it', () => {
    expect(periodState({ open: true, daysLeft: 3 })).toEqual({ label: '征集中（剩 3 天）', tone: 'open' });
    expect(periodState({ open: true, daysLeft: 0 })).toEqual({ label: '今日截止', tone: 'soon' });
    expect(periodState({ open: false, daysLeft: 12 })).toEqual({ label: '未开始', tone: 'soon' });
    expect(periodState({ open: false, daysLeft: null })).toEqual({ label: '已截止', tone: 'closed' });
  });

  it('checks a comment with the server words before sending', () => {
    expect(commentErrors(emptyComment())).toEqual({ clause: M.clause, content: M.content });
    const ok = { ...emptyComment(), clause: ' 4.2 ', content: '意见', reason: '理'.repeat(1001) };
    expect(commentErrors(ok)).toEqual({ reason: M.reason });
    expect(toInput({ ...ok, reason: '' })).toEqual({
      clause: '4.2',
      content: '意见',
      suggestion: '',
      reason: '',
      attachmentId: null,
    });
  });

  it('reads and writes console times as Beijing wall-clock time', () => {
    expect(fromLocalInput('2027-03-31T17:00')).toBe('2027-03-31T09:00:00.000Z');
    expect(toLocalInput('2027-03-31T09:00:00.000Z')).toBe('2027-03-31T17:00');
    expect(toLocalInput(null)).toBe('');
  });
});
