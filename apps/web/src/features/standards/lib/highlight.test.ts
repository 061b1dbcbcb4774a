import { describe, expect, it } from 'vitest';
import { splitHighlight } from './highlight.ts';

describe('splitHighlight', () => {
  it('splits marked and plain pieces', () => {
    expect(splitHighlight('建筑<em>设计</em>防火<em>规范</em>')).toEqual([
      { text: '建筑', mark: false },
      { text: '设计', mark: true },
      { text: '防火', mark: false },
      { text: '规范', mark: true },
    ]);
  });

  it('returns escaped markup as text, never as tags', () => {
    const pieces = splitHighlight('&lt;script&gt;alert(1)&lt;/script&gt;<em>&amp;</em>');
    expect(pieces).toEqual([
      { text: '<script>alert(1)</script>', mark: false },
      { text: '&', mark: true },
    ]);
  });
});
