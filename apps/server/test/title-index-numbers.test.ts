import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, engines, type TestDb } from './helpers/db.ts';
import type { Database } from '../src/db/client.ts';
import { importFile } from '../src/modules/standards/import/importer.ts';
import { cleanKeyword, searchStandards, titleIndexApplies } from '../src/modules/standards/search/search.ts';
import { buildSearch } from '../src/modules/standards/search/search-sql.ts';
import { closeTitleIndex, refresh } from '../src/modules/standards/search/title-index-store.ts';
import * as repo from '../src/modules/standards/catalogue/repository.ts';
import { NumberColumns, NO, UNKNOWN, YES } from '../src/modules/standards/search/title-index-numbers.ts';

/**
 * Title words typed with a number fragment (`抗震 GB/T 500`, `500 抗震`: issue 29, ADR 0095) are ranked
 * by the in-memory title index, filtered by each record's number held beside it: the same answers as the
 * SQL filter (search-sql.ts numberFilter), ties in number order.
 */
describe('number part held per record', () => {
  // The SQL filters, written out as the reference.
  const series = (key: string, prefix: string) => key.startsWith(prefix);
  const digits = (key: string, noPrefix: string, d: string) =>
    [...key]
      .slice([...noPrefix].length)
      .join('')
      .replace(/^[- ]+/, '')
      .startsWith(d);
  const rows = [
    ['GB/T50011-2010', 'GB/T'],
    ['GB/T500-2001', 'GB/T'],
    ['GB50-1999', 'GB'],
    ['GB4706.1-2005', 'GB'],
    ['DG/TJ08-2001-2016', 'DG/TJ08'],
    ['DB4420/T12-2020', 'DB4420/T'],
    ['DB44/T1234-2019', 'DB44/T'],
    ['ISO9001:2015', 'ISO'],
    ['JGJ3', 'JGJ'],
    ['Q/GDW1234567890-2014', 'Q/GDW'],
    ['XY 007-2014', 'XY'],
    ['ODD-1', 'OD'],
    ['GB-T 8-2', 'GB/T'],
    ['𠀀1-2', '𠀀'],
  ] as const;
  const cols = new NumberColumns();
  rows.forEach(([noKey, noPrefix]) => cols.add({ noKey, noPrefix }));
  const order = Int32Array.from(rows.keys());
  const keys = cols.build(
    order,
    rows.map((_, i) => i + 1),
    (id) => id - 1,
  )!;

  it.each([
    'GB',
    'GB/T',
    'GB/T5',
    'GB/T500',
    'GB/T5001',
    'GB5',
    'DB44',
    'DB4420/T1',
    'DG/TJ08-2',
    'DG/TJ08',
    'ISO9',
    'JGJ3',
    'Q/GDW123',
    'XY 00',
    'XY0',
    'OD',
    'ODD-',
    '𠀀1',
  ])('series form %s as no_key like', (prefix) => {
    const m = keys.matcher({ prefix, digits: false });
    // UNKNOWN (rank in SQL) is allowed only where the prefix reaches past the digits held.
    rows.forEach(([k], o) => expect([series(k, prefix) ? YES : NO, ...(prefix === 'ODD-' ? [UNKNOWN] : [])], k).toContain(m(o)));
  });

  it.each(['5', '50', '500', '5001', '2', '20', '200', '1', '12', '1234567', '9', '3', '007', '0', '00', '8'])(
    'digits form %s as ltrim(substr())',
    (d) => {
      const m = keys.matcher({ prefix: d, digits: true });
      rows.forEach(([k, p], o) => expect(m(o), k).toBe(digits(k, p, d) ? YES : NO));
    },
  );

  it('a prefix reaching past the digits is left to SQL for the records it depends on', () => {
    const m = keys.matcher({ prefix: 'GB4706.', digits: false });
    expect(m(3)).toBe(UNKNOWN);
    expect(m(2)).toBe(NO);
  });
});

const WORDS = ['混凝土', '结构', '设计', '规范', '建筑', '抗震', '地下', '防水', '工程', '技术', '道路', '施工'];
// Shanghai numbers in both spellings (DGJ08 older, DG/TJ08 newer): one key, the typed spelling listed first.
const SERIES = ['GB/T ', 'GB ', 'DB44/T ', 'DB4420/T ', 'JGJ ', 'T/CECS ', 'CJJ/T ', 'DG/TJ08-', 'DGJ08-'];
const STATUSES = ['现行', '现行', '即将实施', '被代替', '废止'];
const DATES = ['2020-01-01', '2021-06-01', '', '2019-03-01'];

/** Records the text of every statement `db` sends until `stop()`, which puts its query method back. */
function recordStatements(db: Database): { sent: string[]; stop: () => void } {
  const sent: string[] = [];
  const query = db.query.bind(db);
  db.query = ((text: string, ...rest: unknown[]) => {
    sent.push(text);
    return (query as (...a: unknown[]) => unknown)(text, ...rest);
  }) as typeof db.query;
  return { sent, stop: () => void (db.query = query) };
}

/** A catalogue with several series, number lengths and many equal scores (ties go in number order). */
function catalogueCsv(n: number): { csv: string; numbers: string[] } {
  let seed = 5;
  const rnd = () => (seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff) / 0x7fffffff;
  const pick = <T>(a: T[]) => a[Math.floor(rnd() * a.length)]!;
  const lines = ['standardNo,nameZh,status,implementDate'];
  const numbers: string[] = [];
  const seen = new Set<string>();
  for (let i = 1; i <= n; i++) {
    const title = Array.from({ length: 1 + Math.floor(rnd() * 3) }, () => pick(WORDS)).join('');
    const s = pick(SERIES);
    const part = rnd() < 0.2 && !s.startsWith('DG') ? '.1' : '';
    const no = `${s}${Math.floor(rnd() * 10 ** (1 + Math.floor(rnd() * 5)))}${part}-20${10 + Math.floor(rnd() * 12)}`;
    // One record per number, whichever spelling it is written in.
    const key = no.replace('DGJ08-', 'DG/TJ08-');
    if (seen.has(key)) continue;
    seen.add(key);
    numbers.push(no);
    lines.push(`${no},${title},${pick(STATUSES)},${pick(DATES)}`);
  }
  // One number in twelve editions (and its GB twin in six): more exact and base matches among a prefix's matches
  // than a listing reads beside its page (search.ts listInMemory, SPARE).
  for (let y = 10; y < 22; y++)
    for (const s of y < 16 ? ['GB/T ', 'GB '] : ['GB/T ']) {
      const no = `${s}7-20${y}`;
      numbers.push(no);
      lines.push(`${no},${pick(WORDS)},${pick(STATUSES)},${pick(DATES)}`);
    }
  return { csv: `${lines.join('\n')}\n`, numbers };
}

describe.each(engines)('number fragments ranked in memory on %s', (engine) => {
  let t: TestDb;
  let numbers: string[];
  beforeAll(async () => {
    t = await createTestDb(engine);
    const f = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'zs-tin-')), 'tin.csv');
    const c = catalogueCsv(1500);
    numbers = c.numbers;
    fs.writeFileSync(f, c.csv);
    expect((await importFile(t.db, f, { source: '示例', today: '2026-01-01' })).rejected).toBe(0);
    // Replacements (代替) of records not in force, by id or by number only, some replaced twice: the
    // pages read in memory carry them as findReplacements does.
    await t.db.query(
      `insert into standard_relations (standard_id, related_no_key, related_no, related_id, kind)
       select b.id, s.no_key, s.standard_no, case when s.id % 2 = 0 then s.id end, 'replaces'
       from standards s join standards b on b.id in (s.id + 1, s.id + 2 * (s.id % 3))
       where s.status not in ('current', 'upcoming')`,
    );
  });
  afterAll(async () => {
    await closeTitleIndex(t.db);
    await t.drop();
  });

  it('answers every words-and-number query exactly as the SQL filter does', async () => {
    const built = await refresh(t.db);
    expect(built?.numbers).toBeDefined();
    let seed = 9;
    const rnd = () => (seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff) / 0x7fffffff;
    const queries = new Set<string>([
      '结构 GB/T 5',
      '5 结构',
      '抗震 DB44',
      '设计 DG/TJ08-2',
      '设计 GB 47.',
      '工程 1',
      '混凝土 GB 1.1',
    ]);
    // As the bench builds them (bench/search-shapes.ts numberFragment): the digits cut short, or the
    // series with the digits' start; before or after a word.
    for (const no of numbers.slice(0, 60)) {
      const d = /\d+/.exec(no.replace(/^[^\d]*/, ''))?.[0] ?? no;
      const cut = d.slice(0, 1 + Math.floor(rnd() * Math.max(1, d.length - 1)));
      const frag = rnd() < 0.5 ? cut : no.slice(0, no.search(/\d/) + cut.length).trim();
      const w = WORDS[Math.floor(rnd() * WORDS.length)]!;
      queries.add(rnd() < 0.5 ? `${w} ${frag}` : `${frag} ${w}`);
    }
    let applied = 0;
    let found = 0;
    let replaced = 0;
    for (const keyword of queries) {
      if (titleIndexApplies({ keyword }, buildSearch({ keyword }, cleanKeyword(keyword), []), 'relevance')) applied++;
      for (const shape of [
        { page: 1, size: 20 },
        { page: 2, size: 7 },
      ]) {
        const p = { keyword, ...shape };
        const sql = await searchStandards(t.db, p, { titleIndex: 'off' });
        expect(await searchStandards(t.db, p, { titleIndex: 'require' }), `${keyword} ${JSON.stringify(shape)}`).toEqual(sql);
        if (sql.total > 1 && sql.partialFrom === null) found++;
        replaced += sql.list.filter((x) => x.replacedBy).length;
      }
      const light = { keyword, size: 10 };
      expect(await searchStandards(t.db, light, { withTotal: false, titleIndex: 'require' })).toEqual(
        await searchStandards(t.db, light, { withTotal: false, titleIndex: 'off' }),
      );
    }
    expect(applied).toBe(queries.size);
    expect(found).toBeGreaterThan(20);
    expect(replaced).toBeGreaterThan(20);
  });
});

describe.each(engines)('number prefixes listed and counted on %s', (engine) => {
  let t: TestDb;
  let numbers: string[];
  beforeAll(async () => {
    t = await createTestDb(engine);
    const f = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'zs-tinp-')), 'tinp.csv');
    const c = catalogueCsv(1500);
    numbers = c.numbers;
    fs.writeFileSync(f, c.csv);
    expect((await importFile(t.db, f, { source: '示例', today: '2026-01-01' })).rejected).toBe(0);
  });
  afterAll(async () => {
    await closeTitleIndex(t.db);
    await t.drop();
  });

  // With the title index held, a listing's prefix matches are counted by its numbers (ADR 0106): the same
  // totals as one plain count, for number starts cut as the bench cuts them and typed in other spellings.
  it('counts number starts in memory exactly as SQL counts them', async () => {
    const index = await refresh(t.db);
    expect(index?.numbers).toBeDefined();
    const starts = new Set<string>(['DB44', 'DB4420', 'GB/T', 'GB 4', 'GB 1.', 'JGJ', 'T/CECS 1']);
    for (const no of numbers.slice(0, 150)) {
      const first = no.search(/\d/);
      for (let end = first + 1; end < no.lastIndexOf('-'); end += 2) {
        const cut = no.slice(0, end);
        starts.add(cut).add(cut.replace(/ /g, '').toLowerCase()).add(cut.replace('/', '-'));
      }
    }
    let inMemory = 0;
    let listedInMemory = 0;
    // The statements each search sends: a listing ranked in memory sends no SQL listing (decisions/0109).
    const { sent, stop } = recordStatements(t.db);
    for (const keyword of starts) {
      const b = buildSearch({ keyword }, cleanKeyword(keyword), []);
      if (!b.prefixListing) continue;
      const [row] = await t.db.query<{ n: number }>(
        `select count(*)::int as n from standards where ${b.where.join(' and ')}`,
        b.params.slice(0, b.whereParams),
      );
      const held = index!.numbers!.count({ prefix: b.prefixListing.prefix, digits: false });
      // The listing's LIKE pattern is a parameter of the built search ($n).
      const like = b.params[Number(b.prefixListing.like.slice(1)) - 1];
      const [prefixed] = await t.db.query<{ n: number }>(`select count(*)::int as n from standards where no_key like $1`, [like]);
      if (held !== undefined) {
        inMemory++;
        expect(held, keyword).toBe(prefixed!.n);
      }
      sent.length = 0;
      const r = await searchStandards(t.db, { keyword, size: 5 }, { titleIndex: 'require' });
      if (!sent.some((q) => /no_prefix = \$/.test(q))) listedInMemory++;
      expect(r.total, keyword).toBe(row!.n);
      const later = await searchStandards(t.db, { keyword, page: 2, size: 3 }, { titleIndex: 'require' });
      if (row!.n > 3) expect(later.total, `${keyword} page 2`).toBe(row!.n);
      // The lines in the plain ranking's order (every match ranked by the full ORDER BY).
      for (const [page, got] of [
        [1, r],
        [2, later],
      ] as const) {
        const size = page === 1 ? 5 : 3;
        const plain = await repo.selectPage(t.db, { where: b.where, params: b.params }, b.orderBy, size, (page - 1) * size);
        expect(
          got.list.map((x) => x.id),
          `${keyword} page ${page}`,
        ).toEqual(plain.map((x) => x.id));
      }
    }
    stop();
    expect(inMemory).toBeGreaterThan(100);
    expect(listedInMemory).toBeGreaterThan(100);
  });

  // A number typed whole or past its digits (`GB/T 7-2015`, `GB 7-20`, `GB 4.1-`): the records whose digits are the
  // typed ones are read whole with the page to decide them (decisions/0115); pages and totals are the plain ranking's.
  it('lists numbers typed past their digits in memory, as the plain ranking', async () => {
    await refresh(t.db);
    const typed = new Set<string>(['GB/T 7-2015', 'GB 7-20', 'GB/T 7-', 'GB 7-2011', 'GB/T 7-2099', 'GB/T 7.']);
    for (const no of numbers.slice(0, 120)) {
      const dash = no.lastIndexOf('-');
      typed
        .add(no)
        .add(no.slice(0, dash + 3))
        .add(no.slice(0, dash + 1))
        .add(no.replace(/ /g, '').toLowerCase());
      if (no.includes('.')) typed.add(no.slice(0, no.indexOf('.') + 1));
    }
    let listedInMemory = 0;
    let asked = 0;
    for (const keyword of typed) {
      const b = buildSearch({ keyword }, cleanKeyword(keyword), []);
      if (!b.numberListing) continue;
      asked++;
      const [row] = await t.db.query<{ n: number }>(
        `select count(*)::int as n from standards where ${b.where.join(' and ')}`,
        b.params.slice(0, b.whereParams),
      );
      for (const [page, size] of [
        [1, 5],
        [2, 3],
      ] as const) {
        const { sent, stop } = recordStatements(t.db);
        const r = await searchStandards(t.db, { keyword, page, size }, { titleIndex: 'require' }).finally(stop);
        if (page === 1 && !sent.some((q) => /no_prefix = \$/.test(q))) listedInMemory++;
        if (page === 1 || row!.n > 3) expect(r.total, keyword).toBe(row!.n);
        const plain = await repo.selectPage(t.db, { where: b.where, params: b.params }, b.orderBy, size, (page - 1) * size);
        expect(
          r.list.map((x) => x.id),
          `${keyword} page ${page}`,
        ).toEqual(plain.map((x) => x.id));
      }
    }
    expect(asked).toBeGreaterThan(300);
    // All but numbers with more editions and parts than a listing reads whole (search.ts MAX_UNDECIDED).
    expect(listedInMemory).toBeGreaterThan(asked * 0.9);
  });

  // The series listing (dense ones walk the number-order index) and the count in parts (prefix, then
  // exact/base keys outside it) against one plain statement: every match ranked, every match counted.
  it.each([
    'DB44',
    'DB4420',
    'GB/T 5',
    'GB 1',
    'GB/T 1',
    'JGJ 2',
    'T/CECS 1',
    'CJJ/T 1',
    'DB4420/T 2',
    'DB44/T 3',
    'GB/T',
    'DGJ08-1',
    'DG/TJ08-2',
    'DGJ08-',
    'DG/TJ08-',
    'GB/T 7',
    'GB 7',
  ])('%s: pages and total as the plain ranking', async (keyword) => {
    const b = buildSearch({ keyword }, cleanKeyword(keyword), []);
    expect(b.numberListing).toBeDefined();
    const [row] = await t.db.query<{ n: number }>(
      `select count(*)::int as n from standards where ${b.where.join(' and ')}`,
      b.params.slice(0, b.whereParams),
    );
    const n = row!.n;
    expect(n).toBeGreaterThan(0);
    await refresh(t.db);
    for (const [page, size, mode] of [
      [1, 20, 'off'],
      [3, 7, 'off'],
      [1, 20, 'require'],
      [3, 7, 'require'],
      [9, 11, 'require'],
      // Past what a listing in memory returns (NumberKeys.listing): listed by SQL, with the same total.
      [60, 20, 'require'],
    ] as const) {
      const { sent, stop } = recordStatements(t.db);
      const r = await searchStandards(t.db, { keyword, page, size }, { titleIndex: mode }).finally(stop);
      // Listed from memory (decisions/0109), a typed Shanghai spelling included: no SQL listing or ranking.
      if (mode === 'require' && page < 60)
        expect(
          sent.filter((q) => /no_prefix = \$|materialized/.test(q)),
          keyword,
        ).toEqual([]);
      const plain = await repo.selectPage(t.db, { where: b.where, params: b.params }, b.orderBy, size, (page - 1) * size);
      expect(
        r.list.map((s) => s.id),
        `${keyword} page ${page} ${mode}`,
      ).toEqual(plain.map((s) => s.id));
      if (r.list.length === size || page > 1) expect(r.total).toBe(n);
      const light = await searchStandards(t.db, { keyword, page, size }, { titleIndex: mode, withTotal: false });
      expect(light.list).toEqual(r.list);
    }
  });
});
