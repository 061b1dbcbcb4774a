import { describe, expect, it } from 'vitest';
import { ocrDashes, ocrLines } from '../src/modules/standards/doccheck/ocr-page.ts';
import { repairOcr } from '../src/modules/standards/doccheck/ocr-repair.ts';
import {
  contextOf,
  extractCitations,
  looksLikeStandardTitle,
  sameLengthNormal,
} from '../src/modules/standards/doccheck/extract.ts';

/** [text as written, number read (display), title] of every citation found. */
const read = (text: string) => extractCitations(text).map((c) => [c.text, c.no?.display ?? null, c.title]);
const numbers = (text: string) => extractCitations(text).map((c) => c.no?.display ?? null);

describe('document check: citations found with the shared number grammar', () => {
  it.each([
    ['按 GB 50011-2010(2016年版) 设计', 'GB 50011-2010(2016年版)'],
    ['按 GB 50011-2010（2016 年版）设计', 'GB 50011-2010(2016年版)'],
    ['符合GB/T50011—2010的规定', 'GB/T 50011-2010'],
    ['执行 JGJ/T 67-2019。', 'JGJ/T 67-2019'],
    ['执行 GB 50204－2015。', 'GB 50204-2015'],
    ['执行 GB 50204–2015。', 'GB 50204-2015'],
    ['全角 ＧＢ／Ｔ　５０００１－２０１７ 写法', 'GB/T 50001-2017'],
    ['修订 GB 50011-2010/XG1-2016 条文', 'GB 50011-2010'],
    ['质量管理体系 ISO 9001:2015 认证', 'ISO 9001:2015'],
    ['广东 DB44/T 1234-2020 地方标准', 'DB44/T 1234-2020'],
    ['中山 DB4420/T 12-2021 要求', 'DB4420/T 12-2021'],
    ['团体 T/CECS 100-2021 规程', 'T/CECS 100-2021'],
    ['上海 DG/TJ08-2158-2023 标准', 'DG/TJ08-2158-2023'],
    ['旧写法 DGJ08-2077-2010 标准', 'DGJ08-2077-2010'],
    ['广东 DBJ/T 15-101-2022 规程', 'DBJ/T 15-101-2022'],
    ['两位年份 GBJ 16-87 老规范', 'GBJ 16-1987'],
    ['无年份 GB 50016 的规定', 'GB 50016'],
    ['紧凑 GB50016 的规定', 'GB 50016'],
  ])('%s', (text, display) => {
    expect(numbers(text)).toEqual([display]);
  });

  it('reads the dash OCR took for 一 as a dash, only between digits', () => {
    expect(numbers(ocrDashes('按 JGJ/T 67一2019 执行，一层'))).toEqual(['JGJ/T 67-2019']);
    expect(ocrDashes('第一章 一般规定')).toBe('第一章 一般规定');
  });

  it('keeps the amendment mark in the number read', () => {
    expect(extractCitations('见 GB 50011-2010 XG1 条文')[0]!.no!.amendment).toBe('XG1');
  });

  it('reads a number broken across a PDF line, at the dash, the prefix or the slash', () => {
    expect(numbers('应符合 GB 50300-\n2013 的规定')).toEqual(['GB 50300-2013']);
    expect(numbers('应符合 GB\n50300-2013 的规定')).toEqual(['GB 50300-2013']);
    expect(numbers('应符合 GB/\nT 50001-2017 的规定')).toEqual(['GB/T 50001-2017']);
    expect(numbers('参照 T/CECS 9999-2023; DB\n44/T 9981-2022。')).toEqual(['T/CECS 9999-2023', 'DB44/T 9981-2022']);
    // Two line breaks are two paragraphs, not one number.
    expect(numbers('标准 GB\n\n50300-2013')).toEqual([]);
  });

  it('reads lists that share a prefix, and stops at what is not a number of the series', () => {
    expect(read('GB 50016、50017-2017 规定')).toEqual([
      ['GB 50016', 'GB 50016', null],
      ['50017-2017', 'GB 50017-2017', null],
    ]);
    expect(numbers('GB/T 50001-2017、50104-2010和50105-2010')).toEqual(['GB/T 50001-2017', 'GB/T 50104-2010', 'GB/T 50105-2010']);
    expect(numbers('JGJ 3-2010、1-2014 的规定')).toEqual(['JGJ 3-2010', 'JGJ 1-2014']);
    // A year after a list mark, and bare numbers with no year after them, are not numbers of the series.
    expect(numbers('GB 50011-2010、2016年修订')).toEqual(['GB 50011-2010']);
    expect(numbers('GB 50010-2010、3、5条')).toEqual(['GB 50010-2010']);
  });

  it('takes the title in 《》 written before, before in brackets, or after a number', () => {
    expect(read('《混凝土结构设计规范》GB 50010-2010')).toEqual([
      ['《混凝土结构设计规范》GB 50010-2010', 'GB 50010-2010', '混凝土结构设计规范'],
    ]);
    expect(read('《建筑抗震设计规范》（GB 50011-2010）；')).toEqual([
      ['《建筑抗震设计规范》（GB 50011-2010）', 'GB 50011-2010', '建筑抗震设计规范'],
    ]);
    expect(read('GB 50010-2010《混凝土结构设计规范》')).toEqual([
      ['GB 50010-2010《混凝土结构设计规范》', 'GB 50010-2010', '混凝土结构设计规范'],
    ]);
    // Two citations written title first: each title goes with the number after it.
    expect(read('《A规范》GB 1-2010《B规范》GB 2-2010').map((r) => r[2])).toEqual(['A规范', 'B规范']);
  });

  it('reads a title broken across a PDF line, and a title at the end of the line before its number', () => {
    expect(read('执行《混凝土结构\n设计规范》GB 50010-2010')).toEqual([
      ['《混凝土结构\n设计规范》GB 50010-2010', 'GB 50010-2010', '混凝土结构设计规范'],
    ]);
    expect(read('执行《混凝土结构设计规范》\nGB 50010-2010')).toEqual([
      ['《混凝土结构设计规范》\nGB 50010-2010', 'GB 50010-2010', '混凝土结构设计规范'],
    ]);
  });

  it('finds titles written alone in 《》 and never takes a law as a number’s title', () => {
    expect(read('应满足《建筑设计防火规范》的要求')).toEqual([['《建筑设计防火规范》', null, '建筑设计防火规范']]);
    expect(read('《中华人民共和国建筑法》 GB 50300-2013')).toEqual([
      ['《中华人民共和国建筑法》', null, '中华人民共和国建筑法'],
      ['GB 50300-2013', 'GB 50300-2013', null],
    ]);
    expect(looksLikeStandardTitle('建筑设计防火规范')).toBe(true);
    expect(looksLikeStandardTitle('建设工程质量管理条例')).toBe(false);
    expect(looksLikeStandardTitle('中华人民共和国建筑法')).toBe(false);
  });

  it.each([
    ['dates', '2020-01-01 至 2021-12-31，2016年版，2010.12.01'],
    ['phone numbers', '电话 0760-88888888，手机 13800138000，传真 (0760) 8888 8888'],
    ['clause numbers', '见第3.2.1条、表 4.1.2-1 和 5.3.6 款'],
    ['model numbers', '钢筋 HRB400，混凝土 C30，Q235B 钢，SC200 施工升降机，DN100 管，M10 砂浆，iPhone15'],
    ['lowercase words', 'gb 50011-2010 写成小写的不是引用'],
    ['unknown series', 'ABCD 1234-2010 与 TEL 0760-1234'],
  ])('does not take %s for citations', (_what, text) => {
    expect(read(text).filter((r) => r[1] !== null)).toEqual([]);
  });

  it.each([
    ['按照DG~TJ0O8--2177一2015的规定', 'DG/TJ08-2177-2015'],
    ['应符合DG T J0O08--2207一2016的要求', 'DG/TJ08-2207-2016'],
    ['DGATJ08--2291--2019的规定', 'DG/TJ08-2291-2019'],
    ['DG TJ0O8-2409一202 2的规定', 'DG/TJ08-2409-2022'],
    ['应符合 DG/TJ08-2390B一2022的规定', 'DG/TJ08-2390B-2022'],
    ['参照 G6B50098-2009的要求', 'GB 50098-2009'],
    ['DGATJ08 501 2023 粒化高炉矿渣粉', 'DG/TJ08-501-2023'],
    ['GB 5OO11-2O10 规范', 'GB 50011-2010'],
    ['GB/T 50I05—2010 标准', 'GB/T 50105-2010'],
  ])('repairs OCR confusions in a number, character for character: %s', (text, display) => {
    const fixed = repairOcr(text);
    expect(fixed).toHaveLength(text.length);
    expect(numbers(fixed)).toEqual([display]);
  });

  it.each([
    '本工程于2023-05-18开工，计划2024-12-31竣工。',
    '联系电话：0760-88223344，传真（0760）8822 3345，手机13800138000。',
    '钢筋采用HRB400，混凝土强度等级C30，钢材Q235B，管径DN100，砌筑砂浆M10，施工升降机SC200。',
    '合同编号ZS-2024-0156，版本V2.3.1，共计1250.50万元。',
    '详见第3.2.1条及表4.1.2-1，按5.3.6款执行。',
  ])('makes no number of a false friend: %s', (text) => {
    expect(numbers(repairOcr(text)).filter(Boolean)).toEqual([]);
  });

  it("takes out Tesseract's blank lines between blocks: a list and a title keep their number", () => {
    expect(numbers(ocrLines('应符合 GB 50974-2014、\n\n50009-2012 的规定'))).toEqual(['GB 50974-2014', 'GB 50009-2012']);
    expect(read(ocrLines('参照 《地铁隧道工程盾构施工技术规程》\n\nDG/TJ08-2041-2008的要求'))[0]![2]).toBe(
      '地铁隧道工程盾构施工技术规程',
    );
  });

  it('keeps offsets in the document: full-width text is normalised one character for one', () => {
    const text = '前言ＧＢ／Ｔ　５００１－２０１７后';
    expect(sameLengthNormal(text)).toHaveLength(text.length);
    const [c] = extractCitations(text);
    expect(text.slice(c!.start, c!.end)).toBe('ＧＢ／Ｔ　５００１－２０１７');
  });

  it('gives a short context on one line', () => {
    const text = `${'前'.repeat(50)}\n应符合 GB 50300-2013 的规定\n${'后'.repeat(50)}`;
    const [c] = extractCitations(text);
    const ctx = contextOf(text, c!.start, c!.end);
    expect(ctx).toContain('应符合 GB 50300-2013 的规定');
    expect(ctx).not.toContain('\n');
    expect(ctx.startsWith('…')).toBe(true);
  });
});
