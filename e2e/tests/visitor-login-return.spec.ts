import { test, expect } from './fixtures.ts';
import { loginDialog, masked, newUser, registerViaApi, solveCaptchaIn, toast } from './helpers/accounts.ts';
import { envelope } from './helpers/api.ts';

/**
 * Issue 30, a visitor's walk-through: sent to log in from a guarded page, they are told why and come back to it;
 * a 收藏 that asked for the login is done after it; registration says the username rule before any error and
 * does not push a private citizen to 企业认证.
 */

test('a guarded page sends a visitor to log in, says why, and comes back to that page after the login', async ({
  page,
  pageErrors,
}) => {
  const user = await registerViaApi(page.request);
  await page.goto('/my-collection?tab=standard');
  await expect(page).toHaveURL(/\/home$/);
  const dialog = loginDialog(page);
  await expect(dialog.getByTestId('login-reason')).toHaveText('您要访问的页面需要登录，登录后将自动回到该页面。');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: '/tmp/shots/phone-login-reason.png' });
  await page.setViewportSize({ width: 1280, height: 900 });
  // Switching tabs keeps the reason.
  await dialog.getByRole('tab', { name: '手机号登录' }).click();
  await dialog.getByRole('tab', { name: '密码登录' }).click();
  await expect(dialog.getByTestId('login-reason')).toBeVisible();
  await dialog.getByLabel('用户名或手机号').fill(user.username);
  await dialog.getByLabel('密码', { exact: true }).fill(user.password);
  await solveCaptchaIn(dialog, page.request);
  await dialog.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL(/\/my-collection\?tab=standard$/);
  await expect(page.getByTestId('header-user').getByText(masked(user.mobile))).toBeVisible();
  // The header's own 登录 later opens the dialog without the guard's reason.
  await page.evaluate(() => localStorage.clear());
  await page.goto('/news');
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('login-reason')).toHaveCount(0);
  expect(pageErrors).toEqual([]);
});

test('收藏 as a visitor asks for a login, says why, and the item is collected once the login succeeds', async ({
  page,
  pageErrors,
}) => {
  const user = await registerViaApi(page.request);
  // The result list's 收藏 (a standard's detail page itself asks for a login first).
  await page.goto('/standard-search?keyword=DB4420%2FT');
  const result = page.getByTestId('std-result').first();
  const href = (await result.locator('a[href^="/standard-detail"]').first().getAttribute('href'))!;
  const id = Number(new URL(href, page.url()).searchParams.get('id'));
  const collect = result.getByTestId('collect-button');
  await expect(collect).toHaveAttribute('aria-pressed', 'false');
  await collect.click();
  const dialog = loginDialog(page);
  await expect(dialog.getByTestId('login-reason')).toHaveText('登录后将为您收藏此条目。');
  await dialog.getByRole('tab', { name: '密码登录' }).click();
  await dialog.getByLabel('用户名或手机号').fill(user.username);
  await dialog.getByLabel('密码', { exact: true }).fill(user.password);
  await solveCaptchaIn(dialog, page.request);
  await dialog.getByRole('button', { name: '登录', exact: true }).click();
  // The password login reloads the page; the 收藏 asked for is done then.
  await expect(page.getByTestId('header-user').getByText(masked(user.mobile))).toBeVisible();
  await expect(toast(page, '收藏成功')).toBeVisible();
  await expect(collect).toHaveAttribute('aria-pressed', 'true');
  const mine = await envelope<{ list: { itemId: number }[] }>(
    await page.request.get('/api/user/collections?itemType=standard', { headers: { authorization: user.token } }),
  );
  expect(mine.data.list.map((e) => e.itemId)).toContain(id);
  // Done once: another reload does not toggle it.
  await page.reload();
  await expect(collect).toHaveAttribute('aria-pressed', 'true');
  expect(pageErrors).toEqual([]);
});

test('registration says the username needs letters and digits before any error', async ({ page, pageErrors }) => {
  await page.goto('/home');
  await page.getByRole('button', { name: '注册', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '用户注册' });
  const hint = '6-25位，须同时包含英文字母和数字，例如 zhang2026';
  await expect(dialog.getByText(hint)).toBeVisible();
  await dialog.getByLabel('用户名').fill(newUser().username.replace(/\d/g, 'a'));
  await dialog.getByLabel('用户名').blur();
  await expect(dialog.locator('.ant-form-item-explain-error')).toHaveText('请输入由英文、数字组合的6-25位用户名称');
  await expect(dialog.getByText(hint)).toBeVisible();
  await page.screenshot({ path: '/tmp/shots/register-username-hint.png' });
  expect(pageErrors).toEqual([]);
});
