import type { APIRequestContext, Browser } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { loginWithToken, registerAndLogin } from './helpers/accounts.ts';
import { apiGet } from './helpers/api.ts';
import { registerStaff } from './usercentre-helpers.ts';

/**
 * Issue 30 (运营人员): a public detail page showed "运营后台导入：zs.xlsx", the catalogue's "版权分层：B" and a 原编号
 * line twice. The office imports a file in the catalogue's own CSV layout in the console; a visitor reads a credit
 * the public understands, no file name, no licence tier, and the old number once.
 */
async function staffPage(browser: Browser, request: APIRequestContext, path: string) {
  const staff = await registerStaff(request, 'operator');
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginWithToken(page, staff.token, staff.mobile, '/home');
  await page.goto(path);
  return { page, context };
}

test('a standard imported in the console shows the office as its source, without file name, 版权分层 or a repeated 原编号', async ({
  page,
  browser,
  pageErrors,
}) => {
  test.slow();
  const n = String(Date.now()).slice(-5);
  const no = `DB4420/T ${n}-2025`;
  const old = `DB4420/T ${n}-2019`;
  const file = `zs-${n}.csv`;
  const csv = [
    '编号,名称,分类,属性,实施日期,状态,官方链接,版权分层,备注',
    `${no},【示例】来源署名测试${n},,,2025-03-01,现行,,B,原编号 ${old}；与地方规划并行`,
  ].join('\n');
  const { page: op, context } = await staffPage(browser, page.request, '/admin/import');
  await op.getByLabel('选择导入文件').setInputFiles({ name: file, mimeType: 'text/csv', buffer: Buffer.from(csv) });
  const preview = op.getByRole('region', { name: '导入预览' });
  await preview.getByRole('button', { name: '开始导入' }).click();
  await expect(op.getByRole('region', { name: '导入进度' })).toHaveAttribute('data-status', 'done');
  await expect(op.getByTestId('import-counts')).toContainText('新增1');
  await context.close();

  const found = await apiGet<{ list: Array<{ id: number; standardNo: string }> }>(
    page,
    `/api/portal/standards?keyword=${encodeURIComponent(`来源署名测试${n}`)}`,
  );
  const id = found.list.find((s) => s.standardNo === no)?.id;
  expect(id, `${no} in the catalogue`).toBeDefined();

  // The detail page asks for a login (docs/product.md §6); any registered visitor reads it.
  await registerAndLogin(page, `/standard-detail?id=${id}`);
  const article = page.locator('article');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`来源署名测试${n}`);
  await expect(page.locator('.std-credit')).toHaveText('数据来源：中山市标准信息公共服务平台运营单位');
  await expect(article).not.toContainText('运营后台导入');
  await expect(article).not.toContainText(file);
  await expect(article).not.toContainText('版权分层');
  // The old number is named once, as the relation (原编号), and the rest of the note stays.
  await expect(article.locator('.std-relations li', { hasText: '原编号' })).toContainText(old);
  await expect(article.getByText(old)).toHaveCount(1);
  await expect(article).toContainText('与地方规划并行');
  // What a crawler reads carries the same credit.
  const html = await (await page.request.get(`/standard-detail?id=${id}`)).text();
  expect(html).toContain(`来源署名测试${n}`);
  expect(html).not.toContain('运营后台导入');
  expect(html).not.toContain('版权分层');
  expect(pageErrors).toEqual([]);
});
