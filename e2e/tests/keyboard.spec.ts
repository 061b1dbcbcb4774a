import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { captchaAnswer, masked, registerViaApi, toast } from './helpers/accounts.ts';
import { call } from './helpers/api.ts';
import { registerStaff } from './usercentre-helpers.ts';
import { TINY_PNG, withCheckChar } from './portal-helpers.ts';

/**
 * A whole visit with the keyboard only (Tab, Enter, Space, typing; no mouse): password login with the
 * captcha, search and open a result, collect it, the brand-product application with an attachment,
 * reading a message, logging out. Addresses are typed only where a visitor would use the address bar.
 */

/** Presses Tab until `target` has focus (a real keyboard user's path through the page). */
async function tabTo(page: Page, target: Locator, max = 120): Promise<void> {
  await expect(target).toBeVisible();
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

test('keyboard only: log in, search, open, collect, apply with an attachment, read a message, log out', async ({ page }) => {
  test.setTimeout(300_000);
  const user = await registerViaApi(page.request);
  await page.goto('/home');
  await expect(page.getByRole('button', { name: '登录', exact: true })).toBeVisible();

  // The skip link is the first stop and moves focus to the main content.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: '跳到主要内容' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main')).toBeFocused();

  // Log in with the password.
  await page.keyboard.press('Shift+Tab');
  await tabTo(page, page.getByRole('button', { name: '登录', exact: true }));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: '用户登录' });
  await expect(dialog).toBeVisible();
  await tabTo(page, dialog.getByRole('tab', { name: '密码登录' }));
  await page.keyboard.press('Enter');
  await tabTo(page, dialog.getByLabel('用户名或手机号'));
  await page.keyboard.type(user.username);
  await tabTo(page, dialog.getByLabel('密码', { exact: true }));
  await page.keyboard.type(user.password);
  const img = dialog.getByRole('img', { name: '图形验证码' });
  await expect(img).toHaveAttribute('data-key', /.+/);
  await tabTo(page, dialog.getByLabel('图形验证码', { exact: true }));
  await page.keyboard.type(await captchaAnswer(page.request, (await img.getAttribute('data-key'))!));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('header-user').getByText(masked(user.mobile))).toBeVisible();

  // Search from the home page and open the first result.
  await tabTo(page, page.getByRole('combobox', { name: '标准检索关键词' }));
  await page.keyboard.type('建筑');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/standard-search\?/);
  const first = page.locator('#main a[href^="/standard-detail"]').first();
  await tabTo(page, first, 200);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/standard-detail\?/);

  // Collect it.
  const collect = page.getByTestId('collect-button');
  await tabTo(page, collect);
  await page.keyboard.press('Space');
  await expect(toast(page, '收藏成功')).toBeVisible();
  await expect(collect).toHaveAttribute('aria-pressed', 'true');

  // The brand-product application with an attachment.
  await page.goto('/standard-apply');
  const form = page.getByRole('form', { name: '香山之品申请表' });
  const type = async (label: string, text: string) => {
    await tabTo(page, form.getByLabel(label, { exact: true }));
    await page.keyboard.type(text);
  };
  await type('企业名称', '中山市键盘测试食品有限公司');
  await type('统一社会信用代码', withCheckChar('91442000MA4K' + String(Date.now()).slice(-5)));
  await type('联系人', '王五');
  await type('联系手机', '13800138001');
  const product = `键盘测试产品${Date.now()}`;
  await type('产品名称', product);
  // A focused <select> takes the first letters of an option and the arrow keys.
  await tabTo(page, form.getByLabel('产品类别'));
  await page.keyboard.press('ArrowDown');
  await expect(form.getByLabel('产品类别')).not.toHaveValue('');
  await tabTo(page, form.getByLabel('所在镇街'));
  await page.keyboard.press('ArrowDown');
  await expect(form.getByLabel('所在镇街')).not.toHaveValue('');
  await type('执行标准编号', 'DB4420/T 1-2020');
  await type('产品简介', '键盘操作提交的产品简介，超过十个字符。');
  await tabTo(page, form.getByRole('button', { name: '上传附件' }));
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  await (await chooser).setFiles({ name: 'licence.png', mimeType: 'image/png', buffer: TINY_PNG });
  await expect(page.getByTestId('upload-item')).toHaveAttribute('data-status', 'done');
  await tabTo(page, form.getByRole('button', { name: '提交申请' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/apply-success\?ref=XS\d{4}-\d{6}$/);
  const ref = new URL(page.url()).searchParams.get('ref')!;

  // An operator accepts it (through the API); the user reads the message.
  const op = await registerStaff(page.request, 'operator');
  const queue = await call<{ list: { id: number; referenceNo: string }[] }>(
    page.request,
    op.token,
    'GET',
    '/api/admin/applications?kind=brand_product&size=100',
  );
  const mine = queue.data.list.find((a) => a.referenceNo === ref)!;
  expect(mine, ref).toBeTruthy();
  expect(
    (await call(page.request, op.token, 'POST', `/api/admin/applications/${mine.id}/review`, { decision: 'accept' })).code,
  ).toBe(0);
  await page.goto('/home');
  await tabTo(page, page.getByRole('link', { name: /我的消息，1 条未读/ }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/my-message$/);
  await tabTo(page, page.getByTestId('message-row').first().getByRole('link'));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('message-detail')).toContainText(ref);

  // Log out: the confirmation's OK button has focus, Enter confirms.
  await tabTo(page, page.getByRole('button', { name: '退出' }));
  await page.keyboard.press('Enter');
  const confirm = page.locator('.ant-modal-confirm');
  await expect(confirm).toContainText('确定要退出系统吗？');
  await tabTo(page, confirm.getByRole('button', { name: '确定', exact: true }));
  await page.keyboard.press('Enter');
  await expect(toast(page, '退出成功')).toBeVisible({ timeout: 5000 });
  await expect(page.getByRole('button', { name: '登录', exact: true })).toBeVisible();
});
