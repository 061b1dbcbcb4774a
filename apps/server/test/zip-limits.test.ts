import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  assertZipWithinLimits,
  IMPORT_ZIP_LIMITS,
  LIST_ZIP_LIMITS,
  ZIP_BOMB_REFUSED,
  ZipLimitError,
} from '../src/lib/tabular/zip-guard.ts';
import { readXlsx } from '../src/lib/tabular/readers.ts';
import { engines } from './helpers/db.ts';
import { useTestApp } from './helpers/app.ts';
import { multipart } from './helpers/multipart.ts';
import { userWithToken } from './helpers/login.ts';
import { deflatedZeros, highRatioBomb, lyingBomb, manyEntriesBomb, smallXlsx, zipOf } from './helpers/zip-bombs.ts';

/** Zip bombs as XLSX (issue 25, ADR 0077): refused with a 400 before exceljs inflates them, nothing kept. */

const refusal = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ZipLimitError);
  return (err as Error).message;
};

const tmpFile = (name: string, content: Buffer) => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'zs-zip-')), name);
  fs.writeFileSync(file, content);
  return file;
};

describe('zip guard (lib/tabular/zip-guard.ts)', () => {
  it('the bombs are refused: a liar while inflating, the others from the central directory', async () => {
    const started = Date.now();
    // 2 GiB behind a declared 1,000 bytes: stopped a few KB past the declared size, so in well under a second.
    expect(await refusal(assertZipWithinLimits(lyingBomb(2048), IMPORT_ZIP_LIMITS))).toContain('解压后超过其声明的 1,000 字节');
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await refusal(assertZipWithinLimits(highRatioBomb(100), IMPORT_ZIP_LIMITS))).toContain('压缩比超过 200:1');
    expect(await refusal(assertZipWithinLimits(manyEntriesBomb(20_000), IMPORT_ZIP_LIMITS))).toContain('含 20,005 个条目');
    // Honest, each part under the cap, but together past the list's 50 MB.
    const part = (name: string) => ({ name, raw: deflatedZeros(30), declaredSize: 30 * 1024 * 1024 });
    const big = zipOf([part('a.xml'), part('b.xml')]);
    expect(await refusal(assertZipWithinLimits(big, { ...LIST_ZIP_LIMITS, maxRatio: 10_000 }))).toContain('解压后超过 50 MB');
  });

  it('a hidden entry (bytes between entries, which a streaming reader would parse) and a truncated file are refused', async () => {
    const ok = smallXlsx([['GB 1-2020', '示例']]);
    // Bytes slipped in before the central directory: the directory's offsets no longer meet back to back.
    const cdAt = ok.readUInt32LE(ok.length - 6);
    const hidden = zipOf([{ name: 'xl/worksheets/sheet2.xml', data: Buffer.alloc(1000) }]);
    const hiddenLocal = hidden.subarray(0, hidden.readUInt32LE(hidden.length - 6));
    const smuggled = Buffer.concat([ok.subarray(0, cdAt), hiddenLocal, ok.subarray(cdAt)]);
    smuggled.writeUInt32LE(cdAt + hiddenLocal.length, smuggled.length - 6);
    expect(await refusal(assertZipWithinLimits(smuggled, IMPORT_ZIP_LIMITS))).toContain('条目之间有多余内容');
    expect(await refusal(assertZipWithinLimits(ok.subarray(0, ok.length - 30), IMPORT_ZIP_LIMITS))).toContain('找不到目录');
  });

  it('real workbooks pass: one exceljs writes (data descriptors) and a hand-made one; readXlsx still reads them', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('标准');
    ws.addRow(['标准编号', '标准名称', '页数']);
    for (let i = 1; i <= 5_000; i++) ws.addRow([`DB4420/T ${i}-2024`, `【示例】中山测试标准${i}`, i]);
    const written = Buffer.from(await wb.xlsx.writeBuffer());
    await assertZipWithinLimits(written, IMPORT_ZIP_LIMITS);
    await assertZipWithinLimits(written, LIST_ZIP_LIMITS);
    let rows = 0;
    for await (const r of readXlsx(tmpFile('ok.xlsx', written))) rows += r.row['页数'] === rows + 1 ? 1 : 0;
    expect(rows).toBe(5_000);
    const small = [];
    for await (const r of readXlsx(tmpFile('small.xlsx', smallXlsx([['GB 1-2020', '示例']])))) small.push(r.row);
    expect(small).toEqual([{ 标准编号: 'GB 1-2020', 标准名称: '示例' }]);
  });

  it('readXlsx (preview, import worker, command line) refuses a bomb before exceljs reads it', async () => {
    const read = async (file: string) => {
      for await (const r of readXlsx(file)) void r;
    };
    expect(await refusal(read(tmpFile('liar.xlsx', lyingBomb(256))))).toContain(ZIP_BOMB_REFUSED);
    expect(await refusal(read(tmpFile('ratio.xlsx', highRatioBomb())))).toContain(ZIP_BOMB_REFUSED);
  });
});

describe.each(engines)('zip bombs uploaded, on %s', (engine) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zs-zip-data-'));
  const ctx = useTestApp(engine, { DATA_DIR: dataDir });
  const importsDir = path.join(dataDir, 'imports');
  // [what, the bomb for the import (≤ 200 MB), the bomb for the list upload (≤ 2 MB, at most 1,000 parts)]
  const bombs: [string, () => Buffer, () => Buffer][] = [
    [
      'a liar (declares 1,000 bytes, inflates to 1 GiB; 512 MiB in 1.6 MB for the list)',
      () => lyingBomb(1024),
      () => lyingBomb(512),
    ],
    ['a ratio of 1000:1 (100 MiB)', () => highRatioBomb(100), () => highRatioBomb(100)],
    ['too many parts', () => manyEntriesBomb(20_000), () => manyEntriesBomb(1_500)],
  ];

  it.each(bombs)('the console import refuses %s with a 400, no job and no file left', async (_name, make) => {
    const op = await userWithToken(ctx.app, 'operator');
    const { payload, headers } = multipart([{ filename: '标准清单.xlsx', content: make() }]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/imports',
      payload,
      headers: { ...headers, authorization: op.token },
    });
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json()).toMatchObject({ code: 400 });
    expect(res.json().msg).toContain(ZIP_BOMB_REFUSED);
    expect(fs.readdirSync(importsDir)).toEqual([]);
    expect(await ctx.app.db.query("select id from import_jobs where file_name = '标准清单.xlsx'")).toEqual([]);
  });

  it.each(bombs)("the batch check's file upload refuses %s with a 400", async (_name, _forImport, make) => {
    const { payload, headers } = multipart([{ filename: 'list.xlsx', content: make() }]);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/portal/standards/check/file', payload, headers });
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json()).toMatchObject({ code: 400 });
    expect(res.json().msg).toContain(ZIP_BOMB_REFUSED);
  });

  it('a real XLSX still uploads, previews and checks', async () => {
    const op = await userWithToken(ctx.app, 'operator');
    const file = smallXlsx([['DB4420/T 901-2024', '【示例】中山压缩包测试标准']]);
    const { payload, headers } = multipart([{ filename: 'ok.xlsx', content: file }]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/imports',
      payload,
      headers: { ...headers, authorization: op.token },
    });
    expect(res.json().code, res.json().msg).toBe(0);
    expect(res.json().data.encoding).toBe('XLSX');
    expect(res.json().data.sample[0]['标准名称']).toBe('【示例】中山压缩包测试标准');
    expect(fs.readdirSync(importsDir)).toHaveLength(1);
    const list = multipart([{ filename: 'list.xlsx', content: file }]);
    const check = await ctx.app.inject({ method: 'POST', url: '/api/portal/standards/check/file', ...list });
    expect(check.json().code, check.json().msg).toBe(0);
    expect(check.json().data.lines).toHaveLength(1);
  });
});
