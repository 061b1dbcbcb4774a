import { test, expect } from './fixtures.ts';
import { loginDialog, solveCaptchaIn } from './helpers/accounts.ts';
import { E2E_ADMIN } from './helpers/admin.ts';

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
