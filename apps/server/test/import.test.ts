import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { engines } from './helpers/db.ts';
import { useTestApp } from './helpers/app.ts';
import { seedStandardsData } from '../src/modules/standards/catalogue/seed.ts';
import { importFile } from '../src/modules/standards/import/importer.ts';
import { readCsv, readJson } from '../src/lib/tabular/readers.ts';
import { MAX_RECORD_CHARS } from '../src/lib/tabular/csv.ts';
import { preparedInWorker } from '../src/modules/standards/import/prepare-thread.ts';
import { parseDate } from '../src/modules/standards/import/validate.ts';
import type { Database } from '../src/db/client.ts';
import { MIGRATIONS_DIR } from '../src/db/migrate.ts';

const TODAY = '2026-01-01';
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'zs-import-'));

/** The import's temporary tables (its batch and the numbers it has seen) of any session still open. */
const importTables = (db: Database) =>
  db.query("select relname from pg_class where relpersistence = 't' and relname like 'import\\_%'");

describe('import readers', () => {
  it('reads quoted CSV fields with commas, quotes and newlines, with their line numbers', async () => {
    const f = path.join(tmp, 'q.csv');
    fs.writeFileSync(f, '\uFEFFa,b\r\n1,"x, ""y""\nz"\r\n2,w\n');
    const rows = [];
    for await (const r of readCsv(f)) rows.push(r);
    expect(rows).toEqual([
      { line: 2, row: { a: '1', b: 'x, "y"\nz' } },
      { line: 4, row: { a: '2', b: 'w' } },
    ]);
  });

  it('skips blank lines, keeps stray quotes and numbers lines from the start of each record', async () => {
    const f = path.join(tmp, 'blank.csv');
    fs.writeFileSync(f, 'a,b\n\n"1\n2",x\r\n\r\n3,5"寸"\n4\n');
    const rows = [];
    for await (const r of readCsv(f)) rows.push(r);
    expect(rows).toEqual([
      { line: 3, row: { a: '1\n2', b: 'x' } },
      { line: 6, row: { a: '3', b: '5"寸"' } },
      { line: 7, row: { a: '4', b: undefined } },
    ]);
  });

  it('names the line of an unclosed quote in Chinese', async () => {
    const f = path.join(tmp, 'open.csv');
    fs.writeFileSync(f, 'a,b\n1,2\n3,"never closed\n');
    const read = async () => {
      for await (const _ of readCsv(f)) void _;
    };
    await expect(read()).rejects.toThrow('CSV 第 3 行的引号没有闭合，请检查该行');
  });

  it('streams a JSON array object by object, a broken object becoming a rejectable row', async () => {
    const f = path.join(tmp, 'a.json');
    fs.writeFileSync(f, '[\n {"bh": "GB 1-2020", "mc": "a{b}\\"c"},\n {"bh": ,},\n {"bh": "x"}\n]');
    const rows = [];
    for await (const r of readJson(f)) rows.push(r);
    expect(rows.map((r) => r.line)).toEqual([2, 3, 4]);
    expect(rows[0]!.row).toEqual({ bh: 'GB 1-2020', mc: 'a{b}"c' });
    expect(rows[1]!.row).toEqual({ __invalid: true });
  });

  it('holds a JSON object to the record limit, names a file cut inside an object, and ignores a stray brace', async () => {
    const read = async (name: string, text: string) => {
      const f = path.join(tmp, name);
      fs.writeFileSync(f, text);
      const rows = [];
      for await (const r of readJson(f)) rows.push(r);
      return rows;
    };
    // Longer than one read chunk (1 MB), so the limit is checked on the part carried between chunks too.
    const long = `{"bh": "GB 1-2020", "mc": "${'长'.repeat(MAX_RECORD_CHARS)}"}`;
    await expect(read('long.json', `[\n{"bh": "GB 2-2020"},\n${long}\n]`)).rejects.toThrow(
      'JSON 第 3 行起的一条记录超过 1,000,000 个字符，多半是括号或引号没有闭合，请检查该行',
    );
    await expect(read('cut.json', '[\n{"bh": "GB 1-2020"},\n{"bh": "GB 2-2020", "mc": "a}')).rejects.toThrow(
      'JSON 第 3 行起的记录没有结束（缺少“}”），请检查文件是否完整',
    );
    const rows = await read('stray.json', '[\n{"bh": "a"}},\n{"bh": "b"}\n]');
    expect(rows).toEqual([
      { line: 2, row: { bh: 'a' } },
      { line: 3, row: { bh: 'b' } },
    ]);
  });

  it('stops an import whose worker runs out of memory with a Chinese message', async () => {
    const f = path.join(tmp, 'oom.csv');
    fs.writeFileSync(f, '标准编号,标准名称\nGB 1-2020,示例\n');
    // A limit far below what the worker needs to start: V8 stops the thread, and the import says why.
    const run = async () => {
      for await (const _ of preparedInWorker(f, 'csv', { today: TODAY }, 2)) void _;
    };
    await expect(run()).rejects.toThrow('导入线程内存不足（上限 2 MB），请检查文件中是否有异常大的记录，或拆分文件后再导入');
  });

  it.each([
    ['2019-5-8', '2019-05-08'],
    ['2019/05/08', '2019-05-08'],
    ['2019年5月8日', '2019-05-08'],
    ['2019.5.8', '2019-05-08'],
    ['', null],
    ['2019-2-30', undefined],
    ['2019-13-01', undefined],
    ['2019-4-31', undefined],
    ['2020-2-29', '2020-02-29'],
    ['2000-2-29', '2000-02-29'],
    ['1900-2-29', undefined],
    ['1899-12-31', undefined],
    ['２０１９－５－８', '2019-05-08'],
    [' 2019-5-8 ', '2019-05-08'],
    ['2019-5-8 10:00', '2019-05-08'],
    ['　', null],
    ['明年', undefined],
  ])('parses date %j', (input, expected) => {
    expect(parseDate(input)).toBe(expected);
  });
});

describe.each(engines)('standards import on %s', (engine) => {
  const ctx = useTestApp(engine);

  it('loads both real files, reports duplicates, and is idempotent', async () => {
    const db = ctx.testDb.db;
    const first = await seedStandardsData(db, TODAY);
    expect(first.csv).toMatchObject({ rows: 83, accepted: 83, inserted: 83, rejected: 0, duplicates: 0 });
    expect(first.shanghai).toMatchObject({ rows: 491, accepted: 489, inserted: 489, rejected: 0, duplicates: 2 });
    expect(first.shanghai.duplicateDetails.map((d) => d.standardNo).sort()).toEqual(['DG/TJ08-2093-2019', 'DGJ08-20-2019']);
    const counts = async () =>
      (
        await db.query<{ s: number; h: number; r: number; ccs: number; ics: number }>(
          `select (select count(*)::int from standards) s, (select count(*)::int from standard_status_history) h,
             (select count(*)::int from standard_relations) r, (select count(*)::int from ccs_codes) ccs, (select count(*)::int from ics_codes) ics`,
        )
      )[0]!;
    const before = await counts();
    expect(before.s).toBe(572);
    expect(before.ccs).toBeGreaterThan(1800);
    expect(before.ics).toBe(1381);
    const again = await seedStandardsData(db, TODAY);
    expect(again.csv).toMatchObject({ inserted: 0, updated: 0, unchanged: 83, statusChanges: 0 });
    expect(again.shanghai).toMatchObject({ inserted: 0, updated: 0, unchanged: 489, statusChanges: 0 });
    expect(again.editions).toEqual({ relations: 0, replaced: 0 });
    expect(await counts()).toEqual(before);
  });

  it('stores only tokens a query can ask for; migration 0064 strips the old number keys and a re-import stays unchanged', async () => {
    const db = ctx.testDb.db;
    const f = path.join(tmp, `tokens-${engine}.csv`);
    fs.writeFileSync(f, 'standardNo,nameZh\nGB/T 50011-2010,示例建筑抗震\nGB 50016-2014(2018年版),示例建筑防火\n');
    await importFile(db, f, { source: '示例', today: TODAY });
    const tokens = async () =>
      (await db.query<{ t: string[] }>("select search_tokens t from standards where name_zh like '示例建筑%' order by id")).map(
        (r) => r.t,
      );
    const stored = await tokens();
    expect(stored[0]).toEqual([
      '示',
      '示例',
      '例',
      '例建',
      '建',
      '建筑',
      '筑',
      '筑抗',
      '抗',
      '抗震',
      '震',
      'gb',
      't',
      '50011',
      '2010',
    ]);
    // A number key written as one word stays: `gb50016 防火` finds the record by its words.
    expect(stored[1]).toContain('gb50016');
    for (const t of stored.flat()) expect(t).toMatch(/^[\p{L}\p{N}]+$/u);
    // Tokens as releases before 0064 stored them: the number keys [key, base, prefix, number] after the words,
    // each unless already there.
    const before = [
      [...stored[0]!, 'gb/t50011-2010', 'gb/t50011', 'gb/t'],
      [...stored[1]!.slice(0, -1), 'gb50016-2014', 'gb50016'],
    ];
    for (const [i, t] of before.entries())
      await db.query(
        `update standards set search_tokens = $1::text[] where id = (select id from standards where name_zh like '示例建筑%' order by id offset $2 limit 1)`,
        [t, i],
      );
    expect(await tokens()).toEqual(before);
    await db.exec(fs.readFileSync(path.join(MIGRATIONS_DIR, '0064_search_tokens_words.sql'), 'utf8'));
    expect(await tokens()).toEqual(stored);
    expect(await importFile(db, f, { source: '示例', today: TODAY })).toMatchObject({ unchanged: 2, updated: 0 });
  });

  it('finds duplicates within and across batches without keeping the numbers in memory', async () => {
    const f = path.join(tmp, `dup-${engine}.csv`);
    const rows = ['1', '2', '1', '3', '4', '2', '2'].map((n) => `DB4420/T ${n}-2024,示例重复检测${n}`);
    fs.writeFileSync(f, ['standardNo,nameZh', ...rows].join('\n'));
    const r = await importFile(ctx.testDb.db, f, { source: '示例', today: TODAY, batchSize: 2 });
    expect(r).toMatchObject({ rows: 7, duplicates: 3, accepted: 4, inserted: 4 });
    // line: the later row; previousLine: the row it replaced (the last one before it).
    expect(r.duplicateDetails).toEqual([
      { line: 4, previousLine: 2, standardNo: 'DB4420/T 1-2024' },
      { line: 7, previousLine: 3, standardNo: 'DB4420/T 2-2024' },
      { line: 8, previousLine: 7, standardNo: 'DB4420/T 2-2024' },
    ]);
    expect(await importTables(ctx.testDb.db)).toEqual([]);
  });

  it('keeps the details of the first duplicates by line, whether within a batch or across batches', async () => {
    const f = path.join(tmp, `dup-limit-${engine}.csv`);
    // Batches of three numbers: lines 2-4, then 5-8. Line 5 repeats line 2 (across), line 7 repeats line 6 (within).
    const rows = ['1', '2', '3', '1', '4', '4', '5'].map((n) => `DB4420/T ${n}-2023,示例重复明细${n}`);
    fs.writeFileSync(f, ['standardNo,nameZh', ...rows].join('\n'));
    const r = await importFile(ctx.testDb.db, f, { source: '示例', today: TODAY, batchSize: 3, detailLimit: 1 });
    expect(r).toMatchObject({ rows: 7, duplicates: 2, accepted: 5 });
    expect(r.duplicateDetails).toEqual([{ line: 5, previousLine: 2, standardNo: 'DB4420/T 1-2023' }]);
  });

  it('merges a repeated number within a batch field by field, keeping escaped text and a stated status', async () => {
    const f = path.join(tmp, `merge-${engine}.csv`);
    fs.writeFileSync(
      f,
      [
        'standardNo,nameZh,nameEn,status,department,drafters',
        // The first row states the status and carries a tab and a backslash, which the COPY text escapes.
        'DB4420/T 77-2024,示例合并甲,Demo\\77,废止,"部门\t甲",',
        // The later row wins where it has a value and leaves the rest (and the stated status) to the earlier one.
        'DB4420/T 77-2024,示例合并乙,,,,起草人乙',
      ].join('\n'),
    );
    const r = await importFile(ctx.testDb.db, f, { source: '示例', today: TODAY });
    expect(r).toMatchObject({ rows: 2, duplicates: 1, inserted: 1 });
    const [row] = await ctx.testDb.db.query<Record<string, unknown>>(
      `select name_zh, name_en, status, department, drafters from standards where no_key = 'DB4420/T77-2024'`,
    );
    expect(row).toEqual({
      name_zh: '示例合并乙',
      name_en: 'Demo\\77',
      status: 'abolished',
      department: '部门\t甲',
      drafters: '起草人乙',
    });
  });

  it('stops on a failed batch write and cleans up after itself', async () => {
    const f = path.join(tmp, `fail-${engine}.csv`);
    const rows = Array.from({ length: 9 }, (_, i) => `DB4420/T ${900 + i}-2024,示例写入失败${i}`);
    fs.writeFileSync(f, ['standardNo,nameZh', ...rows].join('\n'));
    const db = ctx.testDb.db;
    let upserts = 0;
    type S = Parameters<Parameters<typeof db.session>[0]>[0];
    // Each batch is written in a transaction of the session (its own handle on PGlite): both are wrapped.
    const wrap = (s: S): S =>
      ({
        ...s,
        query: (sql: string, params?: unknown[]) =>
          sql.includes('insert into standards') && ++upserts === 2
            ? Promise.reject(new Error('磁盘已满（模拟）'))
            : s.query(sql, params),
        transaction: (fn) => s.transaction((t) => fn(wrap(t))),
      }) as S;
    const failing: typeof db = { ...db, session: (fn) => db.session((s) => fn(wrap(s))) };
    await expect(importFile(failing, f, { source: '示例', today: TODAY, batchSize: 2 })).rejects.toThrow('磁盘已满（模拟）');
    // The first batch landed, nothing after the failed one was written, and no bookkeeping is left.
    const written = await db.query<{ standard_no: string }>(
      "select standard_no from standards where standard_no like 'DB4420/T 9%' order by no_order",
    );
    expect(written.map((r) => r.standard_no)).toEqual(['DB4420/T 900-2024', 'DB4420/T 901-2024']);
    expect(await importTables(db)).toEqual([]);
  });

  it('maps the CSV fields, the notes relations and the Shanghai quirks', async () => {
    const db = ctx.testDb.db;
    const one = async (key: string) =>
      (
        await db.query<Record<string, unknown>>(
          'select *, implement_date::text d, publish_date::text p from standards where no_key = $1',
          [key],
        )
      )[0]!;
    const gb = await one('GB55038-2025');
    expect(gb).toMatchObject({
      standard_no: 'GB 55038-2025',
      name_zh: '住宅项目规范',
      level: 'national',
      nature: 'mandatory',
      status: 'current',
      category: '建筑',
      source: 'Arch-Standards-Index',
      licence: 'CC BY 4.0',
      d: '2025-05-01',
    });
    const rel = await db.query<{ related_no: string; kind: string }>(
      `select related_no, kind from standard_relations r join standards s on s.id = r.standard_id where s.no_key = 'GB55038-2025' order by related_no`,
    );
    expect(rel).toContainEqual({ related_no: 'GB 50368-2005', kind: 'replaces' });
    expect(rel).toContainEqual({ related_no: 'GB 50096-2011', kind: 'partially_replaces' });
    expect((await one('GB50016-2014')).standard_no).toBe('GB 50016-2014(2018年版)');
    const late = await one('DG/TJ08-2336-2020');
    expect(late).toMatchObject({ region: '上海', region_code: '31', level: 'local', p: '2020-12-03', d: '2020-05-01' });
    expect(late.notes).toContain('晚于实施日期');
    expect(late.notes).toContain('DG\\TJ08-2336-2020');
    expect((await one('DG/TJ08-606-2019')).p).toBe('2019-05-08');
    // Older edition of a number that has a newer one in the file: replaced, inferred.
    expect((await one('DG/TJ08-22-2003')).status).toBe('replaced');
    expect((await one('DG/TJ08-22-2018')).status).toBe('current');
  });

  it('imports an XLSX with Chinese headers, rejects bad rows with line and reason, keeps the last duplicate', async () => {
    const f = path.join(tmp, `t-${engine}.xlsx`);
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('标准');
    ws.addRow([
      '标准号',
      '标准名称',
      '英文名称',
      '标准状态',
      '发布日期',
      '实施日期',
      '中国标准分类号',
      '国际标准分类号',
      '主管部门',
    ]);
    ws.addRow([
      'DB4420/T 1-2021',
      '示例中山地方标准甲',
      'Demo A',
      '现行',
      new Date(Date.UTC(2021, 0, 5)),
      '2021-3-1',
      'P32',
      '91.040',
      '示例部门',
    ]);
    ws.addRow(['not a number', '缺编号', '', '', '', '', '', '', '']);
    ws.addRow(['DB4420/T 2-2021', '', '', '', '', '', '', '', '']);
    ws.addRow(['DB4420/T 3-2021', '示例标准丙', '', '现行', '2021-02-30', '', '', '', '']);
    ws.addRow(['DB4420/T 4-2021', '示例标准丁', '', '不存在的状态', '', '', '', '', '']);
    ws.addRow(['DB4420/T1—2021', '示例中山地方标准甲（修订）', '', '废止', '', '2021-3-1', '', '', '']);
    await wb.xlsx.writeFile(f);
    const r = await importFile(ctx.testDb.db, f, { source: '示例', today: TODAY });
    expect(r).toMatchObject({ rows: 6, rejected: 4, duplicates: 1, inserted: 1 });
    expect(r.rejections.map((x) => x.line)).toEqual([3, 4, 5, 6]);
    expect(r.rejections[0]!.reason).toContain('无法识别的标准编号');
    expect(r.rejections[1]!.reason).toBe('缺少标准名称');
    expect(r.rejections[2]!.reason).toContain('日期无法识别');
    expect(r.rejections[3]!.reason).toContain('未知的标准状态');
    const row = (
      await ctx.testDb.db.query<Record<string, unknown>>(
        `select name_zh, status, region, region_code, ccs_code, ics_code, publish_date::text p from standards where no_key = 'DB4420/T1-2021'`,
      )
    )[0];
    expect(row).toMatchObject({
      name_zh: '示例中山地方标准甲（修订）',
      status: 'abolished',
      region: '中山',
      region_code: '4420',
      ccs_code: 'P32',
      ics_code: '91.040',
      p: '2021-01-05',
    });
    // Status change on re-import is recorded once.
    const again = path.join(tmp, `t2-${engine}.csv`);
    fs.writeFileSync(again, 'standardNo,nameZh,status\nDB4420/T 1-2021,示例中山地方标准甲（修订）,current\n');
    const r2 = await importFile(ctx.testDb.db, again, { source: '示例', today: TODAY });
    expect(r2).toMatchObject({ updated: 1, statusChanges: 1 });
    const hist = await ctx.testDb.db.query<{ old_status: string | null; new_status: string }>(
      `select old_status, new_status from standard_status_history h join standards s on s.id = h.standard_id where s.no_key = 'DB4420/T1-2021' order by h.id`,
    );
    expect(hist).toEqual([
      { old_status: null, new_status: 'abolished' },
      { old_status: 'abolished', new_status: 'current' },
    ]);
  });

  it("writes a new record's history row as dispatched and a status change's as pending, for the alert run", async () => {
    const db = ctx.testDb.db;
    const f = path.join(tmp, `alerts-${engine}.csv`);
    fs.writeFileSync(f, 'standardNo,nameZh,status\nDB4420/T 801-2024,示例提醒甲,现行\nDB4420/T 802-2024,示例提醒乙,现行\n');
    await importFile(db, f, { source: '示例', today: TODAY });
    fs.writeFileSync(f, 'standardNo,nameZh,status\nDB4420/T 801-2024,示例提醒甲,废止\n');
    await importFile(db, f, { source: '示例', today: TODAY });
    const hist = await db.query<{ no_key: string; old_status: string | null; pending: boolean }>(
      `select s.no_key, h.old_status, h.dispatched_at is null as pending from standard_status_history h
       join standards s on s.id = h.standard_id where s.no_key like 'DB4420/T80_-2024' order by s.no_key, h.id`,
    );
    expect(hist).toEqual([
      { no_key: 'DB4420/T801-2024', old_status: null, pending: false },
      { no_key: 'DB4420/T801-2024', old_status: 'current', pending: true },
      { no_key: 'DB4420/T802-2024', old_status: null, pending: false },
    ]);
  });

  it('moves the catalogue version once per transaction, however many statements write the catalogue', async () => {
    const db = ctx.testDb.db;
    const version = async () => Number((await db.query<{ v: string }>('select version::text as v from catalogue_version'))[0]!.v);
    const rename = (q: typeof db.query, n: number) =>
      q(
        "update standards set name_zh = name_zh || '·' where no_key = (select no_key from standards order by id limit 1 offset $1)",
        [n],
      );
    await db.query(
      "insert into standards (standard_no, no_key, no_base, no_prefix, name_zh, level, status) values ('DB4420/T 810-2024', 'DB4420/T810-2024', 'DB4420/T810', 'DB4420/T', '示例版本甲', 'local', 'current'), ('DB4420/T 811-2024', 'DB4420/T811-2024', 'DB4420/T811', 'DB4420/T', '示例版本乙', 'local', 'current')",
    );
    const v0 = await version();
    await db.transaction(async (q) => {
      await rename(q, 0);
      await rename(q, 1);
      await rename(q, 0);
    });
    expect(await version()).toBe(v0 + 1);
    // Outside a transaction each statement commits on its own, and each moves it.
    await rename(db.query.bind(db), 0);
    await rename(db.query.bind(db), 1);
    expect(await version()).toBe(v0 + 3);
    // A rolled-back transaction moves nothing, and the next one still moves it.
    await expect(
      db.transaction(async (q) => {
        await rename(q, 0);
        throw new Error('回滚（模拟）');
      }),
    ).rejects.toThrow('回滚（模拟）');
    expect(await version()).toBe(v0 + 3);
    await db.transaction((q) => rename(q, 1));
    expect(await version()).toBe(v0 + 4);
  });
});
