import { describe, expect, it } from 'vitest';
import { pageWindow } from './Pager.tsx';

describe('pageWindow', () => {
  it('lists every page when there are few', () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
  });
  it('keeps first, last and two either side of the current page', () => {
    expect(pageWindow(10, 20)).toEqual([1, '…', 8, 9, 10, 11, 12, '…', 20]);
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, '…', 20]);
  });
});
