import { test, expect } from './fixtures.ts';
import type { Browser, APIRequestContext } from '@playwright/test';
import { loginDialog, loginWithToken, registerAndLogin, solveCaptchaIn, toast } from './helpers/accounts.ts';
import { E2E_ADMIN } from './helpers/admin.ts';
import { call } from './helpers/api.ts';
import { registerStaff } from './usercentre-helpers.ts';

const uniq = () => String(Date.now()).slice(-6);

/** A console page of a fresh staff account in its own browser context. */
async function consolePage(browser: Browser, request: APIRequestContext, role: 'operator' | 'admin', path: string) {
  const staff = await registerStaff(request, role);
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginWithToken(page, staff.token, staff.mobile, '/home');
  await page.goto(path);
  return { staff, page, context };
}

/** The office's walk-through of the console (issue 30, 运营人员): what a new office member does, step by step. */

test('a logged-out console address opens the login without 注册, and the console after logging in', async ({
  page,
  pageErrors,
}) => {
  await page.goto('/admin/health');
  await expect(page.getByRole('heading', { name: '运营后台登录' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '无权访问' })).toHaveCount(0);
  const dialog = loginDialog(page);
  await expect(dialog).toBeVisible();
  // Staff accounts are made by an administrator: nothing on the page offers a registration.
  await expect(page.getByText('注册')).toHaveCount(0);
  await dialog.getByLabel('用户名或手机号').fill(E2E_ADMIN.username);
  await dialog.getByLabel('密码', { exact: true }).fill(E2E_ADMIN.password);
  await solveCaptchaIn(dialog, page.request);
  await dialog.getByRole('button', { name: '登录', exact: true }).click();
  // Back on the page asked for, the console open.
  await expect(page).toHaveURL(/\/admin\/health$/);
  await expect(page.getByRole('navigation', { name: '运营后台' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '网站检查', level: 1 })).toBeVisible();
  // Closing the dialog on a console address leaves a way back to it.
  await page.evaluate(() => localStorage.clear());
  await page.goto('/admin');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(dialog).toBeVisible();
  expect(pageErrors).toEqual([]);
});

test('变更状态 names the replacing standard in the same dialog; the public page and the collector are told what to use instead', async ({
  page,
  browser,
  pageErrors,
}) => {
  test.slow();
  const collector = await registerAndLogin(page);
  const { staff, page: op, context } = await consolePage(browser, page.request, 'operator', '/admin/standards');
  const n = uniq();
  const create = async (standardNo: string, nameZh: string) => {
    const res = await call<{ id: number }>(page.request, staff.token, 'POST', '/api/admin/standards', { standardNo, nameZh });
    expect(res.code, res.msg).toBe(0);
    return res.data.id;
  };
  const oldId = await create(`DB4420/T ${n}1-2019`, `【示例】旧版规范${n}`);
  const newId = await create(`DB4420/T ${n}1-2026`, `【示例】新版规范${n}`);
  const collected = await call(page.request, collector.token, 'POST', '/api/zs/ent/EntZsCollection/zsCollectionAddOrUpdate', {
    itemType: 'standard',
    itemId: oldId,
    collect: true,
  });
  expect(collected.code, collected.msg).toBe(0);

  await op.goto(`/admin/standards/edit?id=${oldId}`);
  await op.getByRole('button', { name: '变更状态' }).click();
  const dialog = op.getByRole('dialog', { name: '变更标准状态' });
  await dialog.getByLabel('新状态').click();
  await op.locator('.ant-select-item-option').filter({ hasText: '废止' }).click();
  await expect(dialog.getByText('生效日期（同时记为废止日期）')).toBeVisible();
  // The date is picked in the calendar: the first day of the month shown.
  await dialog.getByLabel('生效日期').click();
  const firstDay = op.locator('.ant-picker-dropdown:visible .ant-picker-cell-in-view').first();
  const picked = (await firstDay.getAttribute('title'))!;
  expect(picked).toMatch(/^\d{4}-\d{2}-01$/);
  await firstDay.click();
  await expect(dialog.getByLabel('生效日期')).toHaveValue(picked);
  await dialog.getByLabel('代替标准').fill(`DB4420/T ${n}1-2026`);
  await op
    .locator('.ant-select-item-option')
    .filter({ hasText: `新版规范${n}` })
    .click();
  await dialog.getByLabel('变更原因').fill('示例：被新版代替');
  await dialog.getByRole('button', { name: '确认变更' }).click();
  await expect(toast(op, '状态已变更，已通知 1 位收藏用户')).toBeVisible();
  await expect(op.getByTestId('standard-status')).toHaveText('废止');
  await context.close();

  await page.goto(`/standard-detail?id=${oldId}`);
  const notice = page.getByTestId('std-replacement');
  await expect(notice).toHaveText(`本标准已于 ${picked} 废止，请改用 DB4420/T ${n}1-2026。`);
  await expect(page.locator('.std-field').filter({ hasText: '废止日期' })).toContainText(picked);
  await notice.getByRole('link', { name: `DB4420/T ${n}1-2026` }).click();
  await expect(page).toHaveURL(new RegExp(`id=${newId}$`));

  await page.goto('/my-message');
  await page.getByText(`收藏的标准状态变更：DB4420/T ${n}1-2019`).click();
  await expect(page.getByText(`请改用代替标准 DB4420/T ${n}1-2026《【示例】新版规范${n}》`)).toBeVisible();
  expect(pageErrors).toEqual([]);
});
