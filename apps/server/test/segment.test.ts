import fs from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { highlighter, highlighterByPattern, indexTokens, normalizeText } from '../src/lib/segment.ts';
import { readCsv } from '../src/lib/tabular/readers.ts';
import { BUILDING_CSV, SHANGHAI_JSON } from '../src/modules/standards/catalogue/seed.ts';

/**
 * The regular-expression version indexTokens replaced (one pass over the text now): stored tokens keep its
 * order, so an unchanged record must still compare equal after an upgrade.
 */
function reference(texts: string[]): string[] {
  const set = new Set<string>();
  for (const t of texts) {
    if (!t) continue;
    const s = normalizeText(t);
    for (const m of s.matchAll(/\p{Script=Han}+/gu)) {
      const chars = [...m[0]];
      for (let i = 0; i < chars.length; i++) {
        set.add(chars[i]!);
        if (i + 1 < chars.length) set.add(chars[i]! + chars[i + 1]!);
      }
    }
    for (const w of s.replace(/\p{Script=Han}+/gu, ' ').matchAll(/[\p{L}\p{N}]+/gu)) set.add(w[0]);
  }
  return [...set];
}

// Han in and out of the fast ranges (BMP, Extension A and B, 々 and 〇), Latin, digits, full-width forms,
// accents, a combining mark, Hangul, punctuation, controls and both halves of a surrogate pair alone.
const PIECES = [...'中华人民共和国标准砼㐀䶵々〇𠀀𪚥abcXYZ019ＧＢＴ１２é\u0301한、，。/.- \t\n\u0007\ud800\udc00()（）'];

describe('title tokens', () => {
  it('are those of the regular-expression version, in its order, for every real title', async () => {
    const titles: string[] = [];
    for await (const r of readCsv(BUILDING_CSV)) titles.push(String(r.row['名称']), String(r.row['编号']));
    for (const r of JSON.parse(fs.readFileSync(SHANGHAI_JSON, 'utf8').replace(/^\uFEFF/, '')) as { mc: string; bh: string }[])
      titles.push(r.mc, r.bh);
    expect(titles.length).toBeGreaterThan(1000);
    for (const t of titles) expect(indexTokens({ texts: [t] })).toEqual(reference([t]));
  });

  it('are those of the regular-expression version for any mix of scripts, marks and controls', () => {
    const text = fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }).map((a) => a.join(''));
    fc.assert(
      fc.property(fc.array(text, { minLength: 1, maxLength: 3 }), (texts) => {
        expect(indexTokens({ texts })).toEqual(reference(texts));
      }),
      { numRuns: 5000 },
    );
  });
});

describe('highlighter', () => {
  const unescape = (html: string) =>
    html
      .replace(/<\/?em>/g, '')
      .replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e]!);

  it('marks every title of a page as a pattern of its own would, the text kept and its markup escaped', () => {
    const title = fc
      .array(fc.constantFrom('混', '凝', '土', '结', '构', 'C', '3', '0', '<', '&', '"', "'", ' ', 'a', 'A'), { maxLength: 24 })
      .map((cs) => cs.join(''));
    const terms = fc.array(fc.constantFrom('混凝', '土', 'c30', '<', 'a&', '结构', ''), { maxLength: 4 });
    fc.assert(
      fc.property(terms, fc.array(title, { minLength: 2, maxLength: 8 }), (ts, titles) => {
        const page = highlighter(ts);
        for (const t of titles) {
          const html = page(t);
          // The same pattern serves the page's titles one after another: no match state carried between them.
          expect(html).toBe(highlighter(ts)(t));
          expect(html).not.toMatch(/<(?!\/?em>)/);
          expect(unescape(html)).toBe(t);
        }
      }),
    );
  });

  it('marks what the case-insensitive pattern marks, whatever the letters', () => {
    // Han, ASCII and markup; then letters whose case folding differs from their lower case (ſ, Kelvin sign, Greek
    // sigmas, dotted İ), fullwidth letters, a letterlike symbol, a roman numeral, a character beyond the BMP.
    const chars = ['标', '准', '规', 'G', 'b', 'T', 's', 'k', 'i', '1', '/', ' ', '<', '&', '·', '（'];
    const odd = ['ſ', 'K', 'Σ', 'σ', 'ς', 'İ', 'Ｇ', 'ｂ', '℃', 'Ⅱ', 'ⅱ', '𠀀', 'é', 'É'];
    const text = (max: number) => fc.array(fc.constantFrom(...chars, ...odd), { maxLength: max }).map((cs) => cs.join(''));
    fc.assert(
      fc.property(fc.array(text(4), { maxLength: 5 }), fc.array(text(20), { minLength: 1, maxLength: 6 }), (ts, titles) => {
        const fast = highlighter(ts);
        const reference = highlighterByPattern(ts);
        for (const t of titles) expect(fast(t), JSON.stringify({ ts, t })).toBe(reference(t));
      }),
      { numRuns: 2000 },
    );
    // Plain text takes the comparison (no pattern): the same marks as the pattern's, on Han and ASCII in any case.
    const terms = ['gb/t', '标准', 'T', '规'];
    for (const t of ['GB/T 标准规范', 'gb/t1 标 准', '规规标准T t', '<GB/T>&标准'])
      expect(highlighter(terms)(t)).toBe(highlighterByPattern(terms)(t));
  });

  it('marks each occurrence, in any case', () => {
    const page = highlighter(['c30', '土']);
    expect(page('C30混凝土与c30')).toBe('<em>C30</em>混凝<em>土</em>与<em>c30</em>');
    expect(page('<b>土</b>')).toBe('&lt;b&gt;<em>土</em>&lt;/b&gt;');
  });
});
