import { describe, expect, it } from 'vitest';
import { diffLines } from './lineDiff.ts';

describe('diffLines', () => {
  it('marks kept, removed and added lines in order', () => {
    expect(diffLines(['一', '二', '三'], ['一', '二改', '三', '四'])).toEqual([
      { op: 'same', text: '一' },
      { op: 'del', text: '二' },
      { op: 'add', text: '二改' },
      { op: 'same', text: '三' },
      { op: 'add', text: '四' },
    ]);
  });

  it('handles empty sides', () => {
    expect(diffLines([], ['新'])).toEqual([{ op: 'add', text: '新' }]);
    expect(diffLines(['旧'], [])).toEqual([{ op: 'del', text: '旧' }]);
    expect(diffLines([], [])).toEqual([]);
  });
});
