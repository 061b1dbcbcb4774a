import ExcelJS from 'exceljs';
import type { Download } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { registerAndLogin } from './helpers/accounts.ts';
import { envelope } from './helpers/api.ts';

async function xlsxRows(download: Download): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(await download.path());
  const rows: string[][] = [];
  wb.worksheets[0]!.eachRow((r) => rows.push((r.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
  return rows;
}

test('typing a slash-less number on /home suggests it and Enter opens it', async ({ page, pageErrors }) => {
  // The detail page is for signed-in users (product rule); the suggestion itself is public.
  await registerAndLogin(page, '/home');
  const box = page.getByRole('combobox', { name: '标准检索关键词' });
  await box.fill('GBT 500');
  const list = page.getByTestId('home-suggest');
  const option = list.getByRole('option', { name: /GB\/T 50011-2010/ });
  await expect(option).toBeVisible();
  const names = await list.getByRole('option').allTextContents();
  const at = names.findIndex((n) => n.includes('GB/T 50011-2010'));
  for (let i = 0; i <= at; i++) await box.press('ArrowDown');
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id'))!);
  await box.press('Enter');
  await expect(page).toHaveURL(/\/standard-detail\?id=\d+/);
  await expect(page.getByRole('heading', { name: /建筑抗震设计标准/ })).toBeVisible();
  expect(pageErrors).toEqual([]);
});

test('a series prefix lists the Zhongshan records in number order with the total', async ({ page, pageErrors }) => {
  // Console specs import their own DB4420/T rows into the same database, so the
  // total is whatever the catalogue holds now; the four seeded rows must all be
  // there, and every listed row must follow number order.
  await page.goto(`/standard-search?keyword=${encodeURIComponent('DB4420/T')}`);
  const api = await envelope<{ total: number }>(
    await page.request.get(`/api/portal/standards?keyword=${encodeURIComponent('DB4420/T')}&size=50`),
  );
  const total = api.data.total;
  expect(total).toBeGreaterThanOrEqual(4);
  await expect(page.getByTestId('std-total')).toContainText(`共找到 ${total} 条标准`);
  const shown = page.getByTestId('std-result').locator('.std-no');
  await expect(shown.first()).toBeVisible();
  const numbers = await shown.allTextContents();
  expect(numbers.every((n) => n.startsWith('DB4420/T '))).toBe(true);
  const order = (n: string) => Number(/^DB4420\/T (\d+)-/.exec(n)![1]);
  expect(numbers.map(order)).toEqual(numbers.map(order).toSorted((a, b) => a - b));
  const seeded = ['DB4420/T 3-2020', 'DB4420/T 12-2021', 'DB4420/T 20-2022', 'DB4420/T 101-2023'];
  expect(numbers.filter((n) => seeded.includes(n))).toEqual(seeded);
  expect(pageErrors).toEqual([]);
});

const BATCH = [
  'GB 55001-2021',
  'gb55002-2021',
  'GBT 50011',
  'ＧＢ／Ｔ５０００１－２０１７',
  'gb/t50010.2010',
  'GB/T 50034—2024',
  'GB55008 2021',
  'GB 55011－2021',
  'GB 55006-2021',
  'GB 50096-2011',
  'GB T 50103-2010',
  'GB/T50104-2010',
  'GB 55038-2025',
  'GB 50038-2005',
  'JGJ T67-2019',
  'DG/TJ08-9-2023',
  'DGTJ08-218-2017',
  'DG/TJ 08-2132-2020',
  'DGJ08-9-2013',
  'GB/T 99999-2020',
];

test('a pasted list of 20 numbers in mixed spellings comes back right and downloads as XLSX', async ({ page, pageErrors }) => {
  await page.goto('/standard-search');
  await page.getByRole('tab', { name: '批量查询' }).click();
  await page.getByLabel(/每行一个标准号/).fill(BATCH.join('\n'));
  await page.getByRole('button', { name: '批量核验' }).click();
  await expect(page.getByTestId('std-batch-summary')).toHaveText('共 20 个，找到 19 个，未找到 1 个');
  const rows = page.getByTestId('std-batch-table').locator('tbody tr');
  await expect(rows).toHaveCount(20);
  await expect(rows.nth(2)).toContainText('GB/T 50011-2010');
  const superseded = rows.nth(18);
  await expect(superseded).toContainText('DGJ08-9-2013');
  await expect(superseded).toContainText('被代替');
  await expect(superseded.getByRole('link', { name: 'DG/TJ08-9-2023' })).toBeVisible();
  await expect(rows.nth(19)).toHaveAttribute('data-result', 'missing');
  await expect(rows.nth(19)).toContainText('未收录');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('std-batch-download').click()]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const sheet = await xlsxRows(download);
  expect(sheet).toHaveLength(21);
  expect(sheet[19]!.slice(1, 4)).toEqual(['DGJ08-9-2013', '已找到', 'DGJ08-9-2013']);
  expect(sheet[19]![8]).toBe('DG/TJ08-9-2023');
  expect(sheet[20]![2]).toBe('未收录');
  expect(pageErrors).toEqual([]);
});

test('search results export to XLSX in the order shown', async ({ page, pageErrors }) => {
  await page.goto(`/standard-search?keyword=${encodeURIComponent('抗震')}`);
  const total = page.getByTestId('std-total');
  await expect(total).toContainText(/共找到 \d+ 条标准/);
  const count = Number(/共找到 (\d+) 条/.exec((await total.textContent())!)![1]);
  const shown = await page.getByTestId('std-result').locator('.std-no').allTextContents();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('std-export').click()]);
  const sheet = await xlsxRows(download);
  expect(sheet[0]![0]).toBe('标准号');
  expect(sheet).toHaveLength(count + 1);
  expect(sheet.slice(1, shown.length + 1).map((r) => r[0])).toEqual(shown);
  expect(pageErrors).toEqual([]);
});
