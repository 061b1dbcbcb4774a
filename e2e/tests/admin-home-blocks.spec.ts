import type { APIRequestContext } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { loginWithToken, toast } from './helpers/accounts.ts';
import { call } from './helpers/api.ts';
import { registerStaff } from './usercentre-helpers.ts';

/** PUT with the staff token; asserts code 0 and returns the answer's data. */
async function put(request: APIRequestContext, token: string, url: string, data: unknown) {
  const body = await call(request, token, 'PUT', url, data);
  expect(body.code, body.msg).toBe(0);
  return body.data;
}

test('an operator pins an older news item on /home; a visitor sees it first in 政策资讯', async ({
  page,
  browser,
  pageErrors,
}) => {
  test.slow();
  const staff = await registerStaff(page.request, 'operator');
  // The oldest published news item: not among the five the home page shows unpinned.
  const news = await call<{ list: Array<{ id: number; title: string }> }>(
    page.request,
    staff.token,
    'GET',
    '/api/portal/news?size=100',
  );
  const target = news.data.list.at(-1)!;
  expect(news.data.list.length).toBeGreaterThan(5);

  await loginWithToken(page, staff.token, staff.mobile, '/home');
  await page.goto('/admin/content/home');
  const block = page.getByTestId('home-block-news');
  await expect(block.getByRole('heading', { name: /政策资讯/ })).toBeVisible();
  const picker = block.getByRole('combobox', { name: '政策资讯：添加置顶' });
  await picker.click();
  await picker.fill(target.title.slice(0, 12));
  // antd renders the visible options apart from its (hidden) accessible listbox.
  await page.locator('.ant-select-item-option').filter({ hasText: target.title }).first().click();
  await expect(block.getByTestId('pin-row')).toHaveCount(1);
  // The preview shows the pinned item first before it is saved.
  const preview = block.getByLabel('政策资讯：首页预览');
  await expect(preview.getByRole('listitem').first()).toContainText(target.title);
  await block.getByRole('button', { name: '保存置顶' }).click();
  await expect(toast(page, '“政策资讯”置顶已保存')).toBeVisible();

  try {
    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto('/home');
    await expect(visitor.getByTestId('home-news').getByRole('listitem').first()).toContainText(target.title);
    await expect(visitor.getByTestId('home-news').getByRole('listitem')).toHaveCount(5);
    await visitor.close();
  } finally {
    // Leave the home page as other specs expect it.
    await put(page.request, staff.token, '/api/admin/home-blocks/news', { itemIds: [] });
  }
  expect(pageErrors).toEqual([]);
});

test('an operator renames a 香山之品 category; a visitor sees the new name on /standard-xiangshan', async ({ page, browser }) => {
  test.slow();
  const staff = await registerStaff(page.request, 'operator');
  const url = '/api/admin/categories/xiangshan_product';
  type Row = { code: string; name: string; hidden: boolean };
  const list = (await call<Row[]>(page.request, staff.token, 'GET', url)).data;
  const n = Date.now() % 1_000_000;
  const oldName = `测试类别${n}`;
  const newName = `测试新名${n}`;
  // A category of its own, so parallel specs keep the seeded names.
  await put(page.request, staff.token, url, { categories: [...list, { name: oldName, hidden: false }] });

  try {
    await loginWithToken(page, staff.token, staff.mobile, '/home');
    await page.goto('/admin/content/categories');
    const row = page.getByTestId('category-row').last();
    const input = row.getByRole('textbox');
    await expect(input).toHaveValue(oldName);
    await input.fill(newName);
    await page.getByRole('button', { name: '保存类别' }).click();
    await expect(toast(page, '类别已保存')).toBeVisible();

    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto('/standard-xiangshan');
    const categories = visitor.getByTestId('xiangshan-categories');
    await expect(categories).toContainText(newName);
    await expect(categories).not.toContainText(oldName);
    await visitor.close();
  } finally {
    await put(page.request, staff.token, url, { categories: list });
  }
});
