import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { detectEncoding, ENCODING_REFUSED, EncodingError, SAMPLE_BYTES } from '../src/lib/tabular/encoding.ts';
import { readCsv, type SourceRow } from '../src/lib/tabular/readers.ts';
import { engines } from './helpers/db.ts';
import { useTestApp } from './helpers/app.ts';
import { multipart } from './helpers/multipart.ts';
import { call, type DataOf } from './helpers/answer.ts';
import { waitForJob } from './helpers/imports.ts';
import { userWithToken } from './helpers/login.ts';

/**
 * Files as Excel on Chinese Windows saves them (issue 25): GBK "CSV（逗号分隔）", UTF-16 LE "Unicode 文本"
 * (tab-separated, BOM), "CSV UTF-8" (BOM). The GBK bytes are written out by hand (no encoder here).
 */
const hex = (h: string) => Buffer.from(h.replace(/\s+/g, ''), 'hex');
const ascii = (s: string) => Buffer.from(s, 'latin1');

// GBK bytes of the words used below (checked against TextDecoder('gb18030') in the first test).
const GBK = {
  标准编号: 'b1ead7bcb1e0bac5',
  标准名称: 'b1ead7bcc3fbb3c6',
  实施日期: 'cab5caa9c8d5c6da',
  状态: 'd7b4ccac',
  现行: 'cfd6d0d0',
  '【示例】中山': 'a1becabec0fda1bfd6d0c9bd',
  测试标准: 'b2e2cad4b1ead7bc',
  一: 'd2bb',
  二: 'b6fe',
  三: 'c8fd',
  '，': 'a3ac',
} as const;
/** Bytes from GBK words (keys of GBK) and ASCII text. */
const gbk = (...parts: string[]) => Buffer.concat(parts.map((p) => (p in GBK ? hex(GBK[p as keyof typeof GBK]) : ascii(p))));

/** A GBK CSV with CRLF line ends and no BOM, three Zhongshan demo records DB4420/T 2xx-2024. */
const GBK_CSV = Buffer.concat([
  gbk('标准编号', ',', '标准名称', ',', '实施日期', ',', '状态', '\r\n'),
  ...(['一', '二', '三'] as const).map((n, i) =>
    gbk(`DB4420/T 2${i + 11}-2024,`, '【示例】中山', '测试标准', n, `,2024-0${i + 5}-01,`, '现行', '\r\n'),
  ),
]);
const GBK_TEXT = [
  '标准编号,标准名称,实施日期,状态',
  'DB4420/T 211-2024,【示例】中山测试标准一,2024-05-01,现行',
  'DB4420/T 212-2024,【示例】中山测试标准二,2024-06-01,现行',
  'DB4420/T 213-2024,【示例】中山测试标准三,2024-07-01,现行',
  '',
].join('\r\n');

/** 𠀀 (U+20000, CJK Extension B) is outside GBK: GB18030 writes it in four bytes. */
const EXT_B = { char: '\u{20000}', bytes: '95328236' };

/** café, Müller, ½ in Latin-1 (Windows-1252), as a Western-European Excel saves them. */
const LATIN1 = ascii('no,title\r\n1,caf\xe9\r\n2,M\xfcller\r\n3,\xbd\r\n');

/** Random-looking bytes, the same every run. */
function junk(n: number): Buffer {
  const b = Buffer.alloc(n);
  let x = 2463534242;
  for (let i = 0; i < n; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    b[i] = x & 0xff;
  }
  return b;
}

const utf16le = (s: string) => Buffer.concat([hex('fffe'), Buffer.from(s, 'utf16le')]);
const utf16be = (s: string) => Buffer.concat([hex('feff'), Buffer.from(s, 'utf16le').swap16()]);

function tmpFile(name: string, bytes: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zs-enc-'));
  const file = path.join(dir, name);
  fs.writeFileSync(file, bytes);
  return file;
}

async function rowsOf(bytes: Buffer): Promise<SourceRow[]> {
  const out: SourceRow[] = [];
  for await (const r of readCsv(tmpFile('x.csv', bytes))) out.push(r);
  return out;
}

const nameOf = (bytes: Buffer, complete = true) => detectEncoding(bytes, complete).name;

describe('text encoding detection (lib/tabular/encoding.ts)', () => {
  it('the hand-written GBK fixture is what TextDecoder reads', () => {
    expect(new TextDecoder('gb18030').decode(GBK_CSV)).toBe(GBK_TEXT);
    expect(new TextDecoder('gb18030').decode(hex(EXT_B.bytes))).toBe(EXT_B.char);
  });

  it('names UTF-8, UTF-8 with BOM, UTF-16 LE and BE, GBK and GB18030', () => {
    expect(nameOf(Buffer.from('标准编号,标准名称\nGB 1,名称\n'))).toBe('UTF-8');
    expect(nameOf(ascii('no,title\n1,a\n'))).toBe('UTF-8');
    expect(nameOf(Buffer.from('\uFEFF标准编号,标准名称\n'))).toBe('UTF-8（带 BOM）');
    expect(nameOf(utf16le('标准编号\t标准名称\r\n'))).toBe('UTF-16');
    expect(detectEncoding(utf16be('标准编号\t标准名称\r\n'), true).label).toBe('utf-16be');
    expect(nameOf(GBK_CSV)).toBe('GB18030（GBK）');
    expect(nameOf(Buffer.concat([gbk('标准名称', ','), hex(EXT_B.bytes), gbk('测试标准')]))).toBe('GB18030（GBK）');
  });

  it('refuses Latin-1 (even where its bytes happen to decode as GBK) and binary junk', () => {
    expect(() => detectEncoding(LATIN1, true)).toThrow(ENCODING_REFUSED);
    // "Müller" alone decodes as GB18030 ("M黮ler"), but 黮 lies outside the GB2312 area: refused, not mojibake.
    expect(new TextDecoder('gb18030', { fatal: true }).decode(ascii('M\xfcller'))).toBe('M黮ler');
    expect(() => detectEncoding(ascii('title\r\nM\xfcller\r\n'), true)).toThrow(EncodingError);
    expect(() => detectEncoding(junk(4096), true)).toThrow(EncodingError);
    expect(() => detectEncoding(ascii('no,title\n1,\0\0\0\n'), true)).toThrow(EncodingError);
    // UTF-16 without its BOM reads as text full of NULs: refused.
    expect(() => detectEncoding(Buffer.from('no\ttitle\r\n', 'utf16le'), true)).toThrow(EncodingError);
  });

  it('a character cut by the end of the sample does not count against the file', () => {
    const utf8 = Buffer.concat([ascii('x'.repeat(SAMPLE_BYTES - 1)), Buffer.from('标准')]);
    expect(nameOf(utf8.subarray(0, SAMPLE_BYTES), false)).toBe('UTF-8');
    const gb = Buffer.concat([gbk('标准编号', '\n'), ascii('x'.repeat(SAMPLE_BYTES - 10)), gbk('标准名称')]);
    expect(gb[SAMPLE_BYTES - 1]).toBe(0xb1); // the lead byte of 标, its trail byte past the cut
    expect(nameOf(gb.subarray(0, SAMPLE_BYTES), false)).toBe('GB18030（GBK）');
    expect(() => nameOf(gb.subarray(0, SAMPLE_BYTES), true)).toThrow(EncodingError);
  });
});

describe('readCsv decodes by the detected encoding', () => {
  const expected = [
    { 标准编号: 'DB4420/T 211-2024', 标准名称: '【示例】中山测试标准一', 实施日期: '2024-05-01', 状态: '现行' },
    { 标准编号: 'DB4420/T 212-2024', 标准名称: '【示例】中山测试标准二', 实施日期: '2024-06-01', 状态: '现行' },
    { 标准编号: 'DB4420/T 213-2024', 标准名称: '【示例】中山测试标准三', 实施日期: '2024-07-01', 状态: '现行' },
  ];

  it('GBK with CRLF, UTF-8 with BOM, UTF-16 LE and BE tab-separated', async () => {
    expect((await rowsOf(GBK_CSV)).map((r) => r.row)).toEqual(expected);
    expect((await rowsOf(Buffer.from(`\uFEFF${GBK_TEXT}`))).map((r) => r.row)).toEqual(expected);
    const tsv = GBK_TEXT.replaceAll(',', '\t');
    expect((await rowsOf(utf16le(tsv))).map((r) => r.row)).toEqual(expected);
    expect((await rowsOf(utf16be(tsv))).map((r) => r.row)).toEqual(expected);
    // A comma inside a tab-separated field is text.
    expect((await rowsOf(utf16le('标准编号\t标准名称\r\nGB 1-2020\t甲，乙, 丙\r\n')))[0]!.row).toEqual({
      标准编号: 'GB 1-2020',
      标准名称: '甲，乙, 丙',
    });
  });

  it('GB18030 four-byte characters', async () => {
    const bytes = Buffer.concat([
      gbk('标准编号', ',', '标准名称', '\r\n', 'GB 1-2020,', '测试标准'),
      hex(EXT_B.bytes),
      gbk('一', '\r\n'),
    ]);
    expect((await rowsOf(bytes))[0]!.row).toEqual({ 标准编号: 'GB 1-2020', 标准名称: `测试标准${EXT_B.char}一` });
  });

  it('a multi-byte character split between two chunks of the stream (1 MB) reads right', async () => {
    const chunk = 1 << 20;
    const word = '标准名称';
    for (const [name, bytesOf] of [
      ['GBK', (...parts: string[]) => gbk(...parts)] as const,
      ['UTF-8', (...parts: string[]) => Buffer.from(parts.join(''))] as const,
    ]) {
      const head = bytesOf('标准编号', ',', '标准名称', '\n');
      const rows: Buffer[] = [head];
      let size = head.length;
      let n = 0;
      // Rows of ASCII up to just before the chunk's end, then a row whose title starts 1 byte before it.
      while (size < chunk - 200) {
        const r = ascii(`GB ${++n}-2020,${'t'.repeat(80)}\n`);
        rows.push(r);
        size += r.length;
      }
      const prefix = `GB ${++n}-2020,`;
      const pad = chunk - 1 - size - prefix.length;
      rows.push(ascii(prefix + 'p'.repeat(pad)), bytesOf(word), ascii('\n'));
      const file = Buffer.concat(rows);
      expect(file.subarray(chunk - 1, chunk + 1)).toEqual(bytesOf(word).subarray(0, 2));
      const all = await rowsOf(file);
      expect(all.at(-1)!.row['标准名称'], name).toBe(`${'p'.repeat(pad)}${word}`);
      expect(all).toHaveLength(n);
    }
  });

  it('bytes after the sample in another encoding stop the read with where and what to do', async () => {
    const bytes = Buffer.concat([
      Buffer.from('标准编号,标准名称\n'),
      ...Array.from({ length: 2000 }, (_, i) => ascii(`GB ${i}-2020,${'t'.repeat(60)}\n`)),
      gbk('GB 1-2021,', '测试标准', '\n'),
    ]);
    await expect(rowsOf(bytes)).rejects.toThrow(/无法按 UTF-8 编码读取/);
  });

  it('a Latin-1 file is refused with what to do', async () => {
    await expect(rowsOf(LATIN1)).rejects.toThrow(ENCODING_REFUSED);
  });
});

const CLI = path.resolve(import.meta.dirname, '../src/cli/import.ts');

function runImport(file: string, env: Record<string, string>): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, file, '--source', '示例'], {
      env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'silent', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('exit', (code) => resolve({ code, out, err }));
  });
}

describe.each(engines)('files saved by Excel on Chinese Windows, on %s', (engine) => {
  const ctx = useTestApp(engine);

  const upload = async (token: string, filename: string, content: Buffer) => {
    const { payload, headers } = multipart([{ filename, type: 'text/csv', content }]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/imports',
      payload,
      headers: { ...headers, authorization: token },
    });
    return res.json() as { code: number; msg: string; data: DataOf<'POST /api/admin/imports'> };
  };

  it('a GBK CSV: the preview names the encoding and maps the columns; the rows land with their Chinese titles; the batch check reads a GBK list', async () => {
    const op = await userWithToken(ctx.app, 'operator');
    const preview = await upload(op.token, '中山地方标准.csv', GBK_CSV);
    expect(preview.code, preview.msg).toBe(0);
    expect(preview.data.encoding).toBe('GB18030（GBK）');
    expect(preview.data.columns).toContainEqual({ field: 'standardNo', label: '标准编号', column: '标准编号' });
    expect(preview.data.columns).toContainEqual({ field: 'nameZh', label: '标准名称', column: '标准名称' });
    expect(preview.data.sample[0]!['标准名称']).toBe('【示例】中山测试标准一');
    const id = preview.data.job.id;
    const started = await call(ctx.app, 'POST', `/api/admin/imports/${id}/start`, op.token);
    expect(started.code, started.msg).toBe(0);
    expect(await waitForJob(ctx.app, op.token, id)).toMatchObject({ status: 'done', rows: 3, inserted: 3, rejected: 0 });
    const stored = await ctx.app.db.query<{ standard_no: string; name_zh: string }>(
      "select standard_no, name_zh from standards where standard_no like 'DB4420/T 21_-2024' order by standard_no",
    );
    expect(stored).toEqual([
      { standard_no: 'DB4420/T 211-2024', name_zh: '【示例】中山测试标准一' },
      { standard_no: 'DB4420/T 212-2024', name_zh: '【示例】中山测试标准二' },
      { standard_no: 'DB4420/T 213-2024', name_zh: '【示例】中山测试标准三' },
    ]);

    // The batch check's file upload: a GBK list with a Chinese header and a Chinese note after each number.
    const list = Buffer.concat([gbk('标准编号', ',', '状态', '\r\n'), gbk('DB4420/T 212-2024,', '现行', '\r\n')]);
    const m = multipart([{ filename: 'list.csv', type: 'text/csv', content: list }]);
    const check = (
      await ctx.app.inject({ method: 'POST', url: '/api/portal/standards/check/file', payload: m.payload, headers: m.headers })
    ).json();
    expect(check.code, check.msg).toBe(0);
    expect(check.data.lines).toHaveLength(1);
    expect(check.data.lines[0].record).toMatchObject({ standardNo: 'DB4420/T 212-2024', nameZh: '【示例】中山测试标准二' });
    const latin = multipart([{ filename: 'list.txt', content: ascii('GB 1-2020,caf\xe9\r\n') }]);
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/portal/standards/check/file',
      payload: latin.payload,
      headers: latin.headers,
    });
    expect(refused.statusCode).toBeLessThan(500);
    expect(refused.json()).toMatchObject({ code: 400, msg: ENCODING_REFUSED });
  });

  it('a UTF-16 "Unicode 文本" file (tab-separated) and a UTF-8 one say so in the preview', async () => {
    const op = await userWithToken(ctx.app, 'operator');
    const u16 = await upload(op.token, 'unicode.csv', utf16le(GBK_TEXT.replaceAll(',', '\t')));
    expect(u16.code, u16.msg).toBe(0);
    expect(u16.data.encoding).toBe('UTF-16');
    expect(u16.data.columns).toContainEqual({ field: 'nameZh', label: '标准名称', column: '标准名称' });
    expect(u16.data.sample[2]!['标准名称']).toBe('【示例】中山测试标准三');
    expect((await upload(op.token, 'utf8.csv', Buffer.from(`\uFEFF${GBK_TEXT}`))).data.encoding).toBe('UTF-8（带 BOM）');
  });

  it('a GB18030 file with a character outside GBK and a UTF-16 file import with their titles intact', async () => {
    const op = await userWithToken(ctx.app, 'operator');
    const run = async (name: string, bytes: Buffer, encoding: string) => {
      const preview = await upload(op.token, name, bytes);
      expect(preview.code, preview.msg).toBe(0);
      expect(preview.data.encoding).toBe(encoding);
      const started = await call(ctx.app, 'POST', `/api/admin/imports/${preview.data.job.id}/start`, op.token);
      expect(started.code, started.msg).toBe(0);
      return waitForJob(ctx.app, op.token, preview.data.job.id);
    };
    const gb18030 = Buffer.concat([
      gbk('标准编号', ',', '标准名称', '\r\n', 'DB4420/T 231-2024,', '【示例】中山', '测试标准'),
      hex(EXT_B.bytes),
      gbk('一', '\r\n'),
    ]);
    expect(await run('gb18030.csv', gb18030, 'GB18030（GBK）')).toMatchObject({ status: 'done', inserted: 1, rejected: 0 });
    const u16 = GBK_TEXT.replaceAll(',', '\t').replaceAll('DB4420/T 21', 'DB4420/T 24');
    expect(await run('unicode.txt.csv', utf16le(u16), 'UTF-16')).toMatchObject({ status: 'done', inserted: 3, rejected: 0 });
    const titles = await ctx.app.db.query<{ standard_no: string; name_zh: string }>(
      "select standard_no, name_zh from standards where standard_no in ('DB4420/T 231-2024', 'DB4420/T 243-2024') order by standard_no",
    );
    expect(titles).toEqual([
      { standard_no: 'DB4420/T 231-2024', name_zh: `【示例】中山测试标准${EXT_B.char}一` },
      { standard_no: 'DB4420/T 243-2024', name_zh: '【示例】中山测试标准三' },
    ]);
  });

  it('a Latin-1 CSV is refused at upload with what to do', async () => {
    const op = await userWithToken(ctx.app, 'operator');
    const refused = await upload(op.token, 'latin1.csv', LATIN1);
    expect(refused).toMatchObject({ code: 400, msg: ENCODING_REFUSED });
    const [job] = await ctx.app.db.query<{ status: string; error: string }>(
      "select status, error from import_jobs where file_name = 'latin1.csv'",
    );
    expect(job).toEqual({ status: 'failed', error: ENCODING_REFUSED });
  });

  it('the command-line import prints the encoding it read and refuses one it cannot', { timeout: 300_000 }, async () => {
    const env: Record<string, string> = ctx.testDb.url
      ? { DATABASE_URL: ctx.testDb.url }
      : { DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'zs-enc-cli-')) };
    const ok = await runImport(tmpFile('中山地方标准.csv', GBK_CSV), env);
    expect(ok.err).toBe('');
    expect(ok.code).toBe(0);
    expect(ok.out).toContain('文件编码：GB18030（GBK）');
    expect(ok.out).toContain('读取 3 行，接受 3');
    const bad = await runImport(tmpFile('latin1.csv', LATIN1), env);
    expect(bad.code).toBe(1);
    expect(bad.err).toContain(`导入失败：${ENCODING_REFUSED}`);
    // As in the console: columns that map to nothing are refused before any row is read into the catalogue.
    const before = await ctx.app.db.query<{ n: number }>('select count(*)::int as n from standards');
    const unmapped = await runImport(tmpFile('unmapped.csv', Buffer.from('foo,bar,baz\r\n1,2,3\r\n')), env);
    expect(unmapped.code).toBe(1);
    expect(unmapped.err).toContain('导入失败：无法开始导入：文件中没有“标准编号”列');
    expect(unmapped.out).not.toContain('读取');
    if (ctx.testDb.url) expect(await ctx.app.db.query('select count(*)::int as n from standards')).toEqual(before);
  });
});
