import fs from 'node:fs';
import zlib from 'node:zlib';
import ExcelJS from 'exceljs';
import { expect, test } from './fixtures.ts';
import { registerAndLogin } from './helpers/accounts.ts';

/** A ZIP of deflated entries, written here so the test needs no DOCX library. */
function zip(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const data = Buffer.from(text);
    const packed = zlib.deflateRawSync(data);
    const n = Buffer.from(name);
    const head = Buffer.alloc(30);
    head.writeUInt32LE(0x04034b50, 0);
    head.writeUInt16LE(20, 4);
    head.writeUInt16LE(0x800, 6);
    head.writeUInt16LE(8, 8);
    head.writeUInt32LE(zlib.crc32(data), 14);
    head.writeUInt32LE(packed.length, 18);
    head.writeUInt32LE(data.length, 22);
    head.writeUInt16LE(n.length, 26);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt16LE(0x800, 8);
    dir.writeUInt16LE(8, 10);
    dir.writeUInt32LE(zlib.crc32(data), 16);
    dir.writeUInt32LE(packed.length, 20);
    dir.writeUInt32LE(data.length, 24);
    dir.writeUInt16LE(n.length, 28);
    dir.writeUInt32LE(offset, 42);
    locals.push(head, n, packed);
    central.push(dir, n);
    offset += 30 + n.length + packed.length;
  }
  const dirBytes = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(central.length / 2, 8);
  end.writeUInt16LE(central.length / 2, 10);
  end.writeUInt32LE(dirBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dirBytes, end]);
}

/** One entry of a ZIP read back (the downloaded DOCX), found through the central directory. */
function unzipEntry(buf: Buffer, wanted: string): string {
  const eocd = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let at = buf.readUInt32LE(eocd + 16);
  for (let i = 0; i < buf.readUInt16LE(eocd + 10); i++) {
    const nameLen = buf.readUInt16LE(at + 28);
    const name = buf.toString('utf8', at + 46, at + 46 + nameLen);
    if (name === wanted) {
      const local = buf.readUInt32LE(at + 42);
      const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
      const data = buf.subarray(start, start + buf.readUInt32LE(at + 20));
      return (buf.readUInt16LE(at + 10) === 8 ? zlib.inflateRawSync(data) : data).toString('utf8');
    }
    at += 46 + nameLen + buf.readUInt16LE(at + 30) + buf.readUInt16LE(at + 32);
  }
  throw new Error(`${wanted} not found`);
}

const para = (text: string) => `<w:p><w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`;

/** A minimal DOCX: a body of paragraphs, as Word needs it at least. */
function docx(paragraphs: string[]): Buffer {
  return zip({
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    '_rels/.rels':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    'word/document.xml':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>' +
      paragraphs.map(para).join('') +
      '</w:body></w:document>',
  });
}

test('a DOCX with a superseded and an unknown citation: both flagged, both downloads read back', async ({ page, pageErrors }) => {
  await page.goto('/standard-search?tab=document');
  await expect(page.getByRole('tab', { name: '文档核查' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('doc-privacy')).toContainText('文档不会被保存');
  const file = docx(['1 编制依据', '本工程执行 DGJ08-9-2013 的规定；', '并参照 GB/T 99999-2020 与 JGJ/T 67-2019。']);
  await page.getByTestId('doc-upload').setInputFiles({
    name: '示例设计说明.docx',
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    buffer: file,
  });
  await expect(page.getByTestId('doc-summary')).toContainText(
    '引用 3 处，现行 1，即将实施 0，被代替 1，废止 0，年份缺失 0，未收录 1',
  );
  const rows = page.getByTestId('doc-table').locator('tbody tr');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toHaveAttribute('data-verdict', 'superseded');
  await expect(rows.nth(0)).toContainText('已被 DG/TJ08-9-2023');
  await expect(rows.nth(1)).toHaveAttribute('data-verdict', 'notFound');
  await expect(rows.nth(1)).toContainText('未收录');
  // The document's text, with each citation marked by its verdict.
  await expect(page.getByTestId('doc-text').locator('mark.doc-verdict-superseded')).toHaveText('DGJ08-9-2013');
  await expect(page.getByTestId('doc-text').locator('mark.doc-verdict-notFound')).toHaveText('GB/T 99999-2020');
  // The verdict filter keeps only the rows asked for.
  await page.getByRole('button', { name: /^未收录 1$/ }).click();
  await expect(rows).toHaveCount(1);
  await page.getByRole('button', { name: /^全部 3$/ }).click();
  await expect(rows).toHaveCount(3);

  const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByTestId('doc-download-xlsx').click()]);
  expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(await xlsx.path());
  const sheet: string[][] = [];
  wb.worksheets[0]!.eachRow((r) => sheet.push((r.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
  expect(sheet.slice(1).map((r) => [r[2], r[3]])).toEqual([
    ['DGJ08-9-2013', '被代替'],
    ['GB/T 99999-2020', '未收录'],
    ['JGJ/T 67-2019', '现行'],
  ]);

  const [word] = await Promise.all([page.waitForEvent('download'), page.getByTestId('doc-download-docx').click()]);
  expect(word.suggestedFilename()).toMatch(/\.docx$/);
  const xml = unzipEntry(fs.readFileSync(await word.path()), 'word/document.xml');
  const text = xml.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
  for (const s of [
    '编制依据',
    '序号',
    '标准名称',
    '标准编号',
    '状态',
    '备注',
    '建议引用现行版本 DG/TJ08-9-2023',
    'GB/T 99999-2020',
  ]) {
    expect(text).toContain(s);
  }
  expect(pageErrors).toEqual([]);
});

test('a signed-in user saves a result, runs it again and deletes it', async ({ page, pageErrors }) => {
  await page.goto('/standard-search?tab=document');
  await expect(page.getByTestId('doc-saved')).toHaveCount(0);
  await expect(page.getByText('登录后可保存核查结果')).toBeVisible();
  await registerAndLogin(page, '/standard-search?tab=document');
  await page.getByLabel(/上传 DOCX、PDF/).fill('依据 DGJ08-9-2013 与 JGJ/T 67-2019。');
  await page.getByRole('button', { name: '核查文本' }).click();
  await expect(page.getByTestId('doc-summary')).toContainText('引用 2 处');
  const saved = page.getByTestId('doc-saved');
  await expect(saved).toContainText('还没有保存的核查结果');
  await page.getByTestId('doc-save').click();
  await expect(saved).toContainText('已保存');
  await expect(saved.locator('li')).toHaveCount(1);
  await expect(saved.locator('li').first()).toContainText('引用 2 处，被代替 1，未收录 0');
  await saved.getByRole('button', { name: '重新核查' }).click();
  await expect(page.getByTestId('doc-changes')).toHaveText('保存以来没有变化。');
  await saved.getByRole('button', { name: '删除' }).click();
  await expect(saved).toContainText('还没有保存的核查结果');
  expect(pageErrors).toEqual([]);
});
