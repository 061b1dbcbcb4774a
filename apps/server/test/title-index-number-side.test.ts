import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, engines, type TestDb } from './helpers/db.ts';
import { importFile } from '../src/modules/standards/import/importer.ts';
import { searchStandards } from '../src/modules/standards/search/search.ts';
import { closeTitleIndex, refresh } from '../src/modules/standards/search/title-index-store.ts';
import { TitleIndexBuilder } from '../src/modules/standards/search/title-index-builder.ts';
import type { NumberPart } from '../src/modules/standards/search/title-index-numbers.ts';
import type { TitleIndex } from '../src/modules/standards/search/title-index.ts';

/**
 * Words typed with a number fragment are ranked from the number side when it is the smaller one
 * (ADR 0098: the records ordered by series, separator and digits, the words' tokens tested on the
 * records the number matches). Whichever side drives, the answer is the words' side's and SQL's: the
 * same records, order, total, and the same refusals (a number part reaching past the digits held).
 */

const WORDS = ['混凝土', '结构', '设计', '规范', '建筑', '抗震', '地下', '防水', '工程', '技术', '道路', '施工', '给水'];
/**
 * 150 two-character words from 30 characters: each word's bigram is held by about 80 of 6,000 titles, too few for a
 * bitmap, so the number side meets records along the word's list (inListOrder) when the spans are not much shorter.
 */
const RARE_CHARS = [...'桥梁隧涵港航铁轨电缆泵阀锅炉矿井油气核辐射医药食品纺织船舶闸'];
const RARE = RARE_CHARS.flatMap((a, i) =>
  Array.from({ length: 5 }, (_, j) => a + RARE_CHARS[(i + 6 * j + 1) % RARE_CHARS.length]!),
);
/** Series with their separators; some names start others (GB, GB/T; DB44, DB4420/T). */
const SERIES = ['GB/T', 'GB', 'DB44/T', 'DB44', 'DB4420/T', 'JGJ', 'T/CECS', 'CJJ/T', 'DG/TJ08', 'Q/GDW'];
const SEPS = ['', '', ' ', '-'];

function lcg(seed: number) {
  return () => (seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff) / 0x7fffffff;
}

/** Han bigrams and characters of a title, as search_tokens holds them. */
function tokensOf(title: string): string[] {
  const cs = [...title];
  const out = new Set<string>(cs);
  for (let i = 0; i + 1 < cs.length; i++) out.add(cs[i]! + cs[i + 1]!);
  return [...out];
}

interface Rec {
  id: number;
  name: string;
  noKey: string;
  noPrefix: string;
  inForce: boolean;
  date: string | null;
}

function records(n: number, rnd: () => number, words = WORDS): Rec[] {
  const pick = <T>(a: T[]) => a[Math.floor(rnd() * a.length)]!;
  const out: Rec[] = [];
  for (let id = 1; id <= n; id++) {
    const name = Array.from({ length: 1 + Math.floor(rnd() * 3) }, () => pick(words)).join('');
    const noPrefix = pick(SERIES);
    const len = rnd() < 0.03 ? 10 + Math.floor(rnd() * 2) : 1 + Math.floor(rnd() * 5);
    const digits = Array.from({ length: len }, (_, i) =>
      i === 0 && rnd() < 0.9 ? 1 + Math.floor(rnd() * 9) : Math.floor(rnd() * 10),
    ).join('');
    const rest = rnd() < 0.2 ? `.${1 + Math.floor(rnd() * 3)}-2019` : rnd() < 0.1 ? '' : `-20${10 + Math.floor(rnd() * 12)}`;
    // A few keys that do not start with their prefix (held whole: irregular).
    const key = rnd() < 0.01 ? `${noPrefix.replace('/', '-')} ${digits}${rest}` : `${noPrefix}${pick(SEPS)}${digits}${rest}`;
    const day = rnd() < 0.3 ? null : `20${10 + Math.floor(rnd() * 12)}-0${1 + Math.floor(rnd() * 9)}-1${Math.floor(rnd() * 9)}`;
    out.push({ id, name, noKey: key, noPrefix, inForce: rnd() < 0.6, date: day });
  }
  return out;
}

/** The SQL filters (search-sql.ts numberFilter) written out. */
function matches(r: Rec, part: NumberPart): boolean {
  if (!part.digits) return r.noKey.startsWith(part.prefix);
  return [...r.noKey]
    .slice([...r.noPrefix].length)
    .join('')
    .replace(/^[- ]+/, '')
    .startsWith(part.prefix);
}

/** A number part as a user types one: a cut of a record's digits, or its key cut inside or past the digits. */
function numberPart(r: Rec, rnd: () => number): NumberPart {
  const d = /\d+/.exec(r.noKey.slice(r.noPrefix.length))?.[0] ?? '1';
  const x = rnd();
  if (x < 0.4) return { prefix: d.slice(0, 1 + Math.floor(rnd() * d.length)), digits: true };
  const first = r.noKey.search(/\d/);
  // Inside the series (whole series match), inside the digits, or past them (`GB 47.`: left to SQL).
  const end = x < 0.5 ? Math.max(1, first) : x < 0.9 ? first + 1 + Math.floor(rnd() * d.length) : first + d.length + 2;
  return { prefix: r.noKey.slice(0, end), digits: false };
}

/** An index of `recs` as the server builds one (the number order: by key, then id desc; both sides break ties by it). */
function indexOf(recs: Rec[]): TitleIndex {
  const builder = new TitleIndexBuilder();
  for (const r of recs) builder.add({ ...r, tokens: tokensOf(r.name).join(' ') });
  const order = [...recs].sort((a, b) => (a.noKey < b.noKey ? -1 : a.noKey > b.noKey ? 1 : b.id - a.id)).map((r) => r.id);
  return builder.build(1, order);
}

/**
 * 600 random words (of `words`, or a title's first two characters) with number parts, each ranked from the words side
 * and from the number side at three pages: the same answers, the exact total. Answers how many the number side read in
 * each of its three ways, and how many queries found several records or were refused (left to SQL).
 */
function compareSides(index: TitleIndex, recs: Rec[], rnd: () => number, words: string[]) {
  const byId = new Map(recs.map((r) => [r.id, r]));
  const held = recs.map((r) => new Set(tokensOf(r.name)));
  const before = { driven: index.numberDriven, ordered: index.ordinalOrdered, walked: index.listWalked };
  let found = 0;
  let refused = 0;
  for (let q = 0; q < 600; q++) {
    const r = recs[Math.floor(rnd() * recs.length)]!;
    const part = numberPart(r, rnd);
    // One word, or a word with a synonym's tokens as a second set (typed first).
    const w = rnd() < 0.7 ? words[Math.floor(rnd() * words.length)]! : [...r.name].slice(0, 2).join('');
    const syn = rnd() < 0.3 ? words[Math.floor(rnd() * words.length)]! : undefined;
    const variants = syn ? [w, syn] : [w];
    const tokenSets = variants.map((v) => tokensOf(v).filter((t) => t.length === 2 || v.length === 1));
    const typedFirst = !!syn;
    // The total, with the filters written out.
    const want = recs.filter((x, i) => matches(x, part) && tokenSets.some((ts) => ts.every((t) => held[i]!.has(t)))).length;
    for (const [offset, size] of [
      [0, 20],
      [7, 7],
      [0, 2000],
    ] as const) {
      index.drive = 'words';
      const fromWords = index.rankFull(variants, tokenSets, offset, size, typedFirst, part);
      index.drive = 'number';
      const drivenBefore = index.numberDriven;
      const numberSide = index.rankFull(variants, tokenSets, offset, size, typedFirst, part);
      expect(index.numberDriven, 'ranked from the number side').toBe(drivenBefore + 1);
      index.drive = 'size';
      const chosen = index.rankFull(variants, tokenSets, offset, size, typedFirst, part);
      const what = `${variants.join('|')} ${JSON.stringify(part)} ${offset}+${size}`;
      expect(numberSide, what).toEqual(fromWords);
      expect(chosen, what).toEqual(fromWords);
      if (!fromWords) {
        refused++;
        continue;
      }
      expect(fromWords.total, what).toBe(want);
      expect(fromWords.ids.every((id) => matches(byId.get(id)!, part))).toBe(true);
      if (want > 1) found++;
    }
  }
  const ordered = index.ordinalOrdered - before.ordered;
  const walked = index.listWalked - before.walked;
  return { ordered, walked, numberOrder: index.numberDriven - before.driven - ordered - walked, found, refused };
}

describe('number side of a words-and-number ranking', () => {
  const rnd = lcg(17);
  const recs = records(6000, rnd);
  let index: TitleIndex;
  beforeAll(() => {
    index = indexOf(recs);
  });

  it('gives the words side answer and the exact total for random words and number parts', () => {
    expect(index.size).toBeGreaterThan(4096);
    const { ordered, numberOrder, found, refused } = compareSides(index, recs, rnd, WORDS);
    // Common words (every list with a bitmap): the number side's records read in number order (few) and in ordinal
    // order (many).
    expect(ordered).toBeGreaterThan(50);
    expect(numberOrder).toBeGreaterThan(50);
    expect(found).toBeGreaterThan(300);
    expect(refused).toBeGreaterThan(10);
  });

  it('gives the same answers when the words are rare and their lists are walked', () => {
    const rare = records(6000, lcg(19), RARE);
    const rareIndex = indexOf(rare);
    const { walked, numberOrder, found, refused } = compareSides(rareIndex, rare, lcg(29), RARE);
    expect(walked).toBeGreaterThan(100);
    expect(numberOrder).toBeGreaterThan(50);
    expect(found).toBeGreaterThan(100);
    expect(refused).toBeGreaterThan(10);
  });

  it('chooses the number side only when it is the smaller one', () => {
    index.drive = 'size';
    const before = index.numberDriven;
    // A common word and three whole series (DB…): the word's list is the smaller side.
    const series: NumberPart = { prefix: 'D', digits: false };
    const word = recs.filter((x) => x.name.includes('规范')).length;
    expect(index.numbers!.spans(series).size).toBeGreaterThan(word);
    index.rankFull(['规范'], [['规范']], 0, 20, false, series);
    expect(index.numberDriven).toBe(before);
    // The same word and a selective number: the number side.
    const r = recs.find((x) => x.noKey.startsWith('JGJ') && /^JGJ\d{4}/.test(x.noKey))!;
    index.rankFull(['规范'], [['规范']], 0, 20, false, { prefix: r.noKey.slice(0, 7), digits: false });
    expect(index.numberDriven).toBe(before + 1);
  });
});

describe.each(engines)('number side against SQL on %s', (engine) => {
  let t: TestDb;
  let recs: Rec[];
  beforeAll(async () => {
    t = await createTestDb(engine);
    const rnd = lcg(23);
    const seen = new Set<string>();
    // Distinct once normalised (separators and a dash for the slash are spelling, not a new number).
    const norm = (r: Rec) => `${r.noPrefix.replace('/', '')}|${r.noKey.slice(r.noKey.search(/\d/))}`;
    recs = records(6000, rnd).filter((r) => !seen.has(norm(r)) && seen.add(norm(r)));
    const lines = ['standardNo,nameZh,status,implementDate'];
    for (const r of recs) lines.push(`${r.noKey},${r.name},${r.inForce ? '现行' : '废止'},${r.date ?? ''}`);
    const f = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'zs-tins-')), 'tins.csv');
    fs.writeFileSync(f, `${lines.join('\n')}\n`);
    const report = await importFile(t.db, f, { source: '示例', today: '2026-01-01' });
    expect(report.inserted).toBeGreaterThan(4096);
  });
  afterAll(async () => {
    await closeTitleIndex(t.db);
    await t.drop();
  });

  it('answers words and number fragments as SQL does, ranked from the number side', async () => {
    const built = await refresh(t.db);
    expect(built?.numbers).toBeDefined();
    built!.drive = 'number';
    const before = built!.numberDriven;
    const rnd = lcg(31);
    const queries = new Set<string>(['规范 GB/T 5', '5 技术', '设计 DB44', '工程 DB4420/T 1', '施工 DG/TJ08-2', '给水 GB 1.1']);
    while (queries.size < 60) {
      const r = recs[Math.floor(rnd() * recs.length)]!;
      const d = /\d+/.exec(r.noKey.replace(/^[^\d]*/, ''))?.[0] ?? '1';
      const cut = d.slice(0, 1 + Math.floor(rnd() * Math.max(1, d.length - 1)));
      const frag = rnd() < 0.5 ? cut : r.noKey.slice(0, r.noKey.search(/\d/) + cut.length).trim();
      const w = rnd() < 0.6 ? WORDS[Math.floor(rnd() * WORDS.length)]! : [...r.name].slice(0, 2).join('');
      queries.add(rnd() < 0.5 ? `${w} ${frag}` : `${frag} ${w}`);
    }
    let found = 0;
    for (const keyword of queries) {
      for (const shape of [
        { page: 1, size: 20 },
        { page: 3, size: 7 },
      ]) {
        const p = { keyword, ...shape };
        const sql = await searchStandards(t.db, p, { titleIndex: 'off' });
        const mem = await searchStandards(t.db, p, { titleIndex: 'require' });
        const what = `${keyword} ${JSON.stringify(shape)}`;
        if (sql.partialFrom === null) expect(mem, what).toEqual(sql);
        else {
          // The full matches (this path) on the page, and the totals. The partial matches after them
          // are rankPartial's (not the number side's): compared by title-index tests of their own.
          const full = Math.max(0, sql.partialFrom - (shape.page - 1) * shape.size);
          expect(mem.list.slice(0, full), what).toEqual(sql.list.slice(0, full));
          expect([mem.total, mem.partialFrom], what).toEqual([sql.total, sql.partialFrom]);
        }
        if (sql.total > 1 && sql.partialFrom === null) found++;
      }
    }
    expect(built!.numberDriven - before).toBeGreaterThan(60);
    expect(found).toBeGreaterThan(40);
  });
});
