import ExcelJS from 'exceljs';
import fs from 'node:fs';
import { test, expect } from './fixtures.ts';
import { TOKEN_KEY, openPasswordLogin, registerAndLogin, readSmsCode, toast } from './helpers/accounts.ts';
import { call, envelope } from './helpers/api.ts';
import { applyBrandProduct, confirmDialog } from './usercentre-helpers.ts';
import { animationsSettled } from './helpers/motion.ts';

test('an application is listed, opened with its timeline and attachment, and withdrawn', async ({ page }) => {
  const user = await registerAndLogin(page, '/home');
  const product = `撤回测试产品${Date.now() % 1_000_000}`;
  const created = await applyBrandProduct(page.request, user.token, {
    enterpriseName: '中山市撤回测试有限公司',
    productName: product,
    description: '用于撤回测试的产品简介内容。',
    creditPrefix: '91442000MA7',
  });

  await page.goto('/my-apply');
  const row = page.getByTestId('application-row').filter({ hasText: product });
  await expect(row).toContainText('提交');
  await expect(row).toContainText(created.referenceNo);
  await row.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/geographical-detail\\?id=${created.id}$`));
  await expect(page.getByTestId('timeline-item')).toHaveCount(1);
  await expect(page.getByText('提交 → 受理 → 审核中 → 通过/驳回')).toBeVisible();

  // The attachment downloads through the API with the token.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: /proof\.png/ }).click();
  expect((await download).suggestedFilename()).toBe('proof.png');

  await page.getByRole('button', { name: '撤回申请' }).click();
  await confirmDialog(page);
  await expect(page.getByTestId('application-status')).toHaveText('已撤回');
  await expect(page.getByTestId('timeline-item')).toHaveCount(2);
  await expect(page.getByRole('button', { name: '撤回申请' })).toHaveCount(0);
  await page.goto('/my-apply');
  await expect(page.getByTestId('application-row').filter({ hasText: product })).toContainText('已撤回');
});

test('collected standards are listed with their status, exported to Excel and un-collected', async ({ page }) => {
  const user = await registerAndLogin(page, '/home');
  const std = (await envelope<{ list: unknown[] }>(await page.request.get('/api/portal/standards?size=1'))).data.list[0] as {
    id: number;
    standardNo: string;
  };
  const added = await call(page.request, user.token, 'POST', '/api/zs/ent/EntZsCollection/zsCollectionAddOrUpdate', {
    itemType: 'standard',
    itemId: std.id,
    collect: true,
  });
  expect(added.code, added.msg).toBe(0);

  await page.goto('/my-collection');
  const row = page.getByTestId('collection-row').filter({ hasText: std.standardNo });
  await expect(row).toBeVisible();
  await expect(row.getByRole('link', { name: new RegExp(std.standardNo.replace(/[/.]/g, '\\$&')) })).toHaveAttribute(
    'href',
    `/standard-detail?id=${std.id}`,
  );

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出Excel' }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toBe('我的收藏标准.xlsx');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(fs.readFileSync((await file.path())!) as unknown as ArrayBuffer);
  const cells: string[] = [];
  wb.worksheets[0]!.eachRow((r) => r.eachCell((c) => cells.push(String(c.value))));
  expect(cells).toContain(std.standardNo);

  await row.getByRole('button', { name: /取消收藏/ }).click();
  await confirmDialog(page);
  await expect(toast(page, '已取消收藏')).toBeVisible();
  await expect(page.getByTestId('collection-row')).toHaveCount(0);
  await expect(page.getByText('暂无收藏')).toBeVisible();
});

test('settings: password, mobile and email changes, then account deletion', async ({ page }) => {
  // A long walk through several pages and two browsers.
  test.slow();
  const user = await registerAndLogin(page, '/my-setting');
  await expect(page.getByTestId('profile')).toContainText(user.username);

  // Password: wrong old password is refused by the server; rules come from the shared validation.
  await page.getByRole('tab', { name: '修改密码' }).click();
  const pw = page.getByRole('form', { name: '修改密码' });
  // Always 9 characters: an unpadded number made it 5–9, below the 8-character rule one run in a hundred.
  const newPassword = `Nw${String(Date.now() % 100000).padStart(5, '0')}!a`;
  await pw.getByLabel('原密码').fill('Wrong123!x');
  await pw.getByLabel('新密码', { exact: true }).fill('short');
  await pw.getByLabel('确认新密码').fill('other');
  await pw.getByRole('button', { name: '修改密码' }).click();
  await expect(pw.getByText('请输入由英文、数字、特殊符号组合的8-25位密码')).toBeVisible();
  await expect(pw.getByText('两次输入密码不一致')).toBeVisible();
  await pw.getByLabel('新密码', { exact: true }).fill(newPassword);
  await pw.getByLabel('确认新密码').fill(newPassword);
  // The field errors fold away with an animation that moves the button: a click during it missed (seen in CI).
  await expect(pw.getByText('请输入由英文、数字、特殊符号组合的8-25位密码')).toHaveCount(0);
  await expect(pw.getByText('两次输入密码不一致')).toHaveCount(0);
  await animationsSettled(page);
  await pw.getByRole('button', { name: '修改密码' }).click();
  await expect(toast(page, '原密码错误')).toBeVisible();
  await pw.getByLabel('原密码').fill(user.password);
  await pw.getByRole('button', { name: '修改密码' }).click();
  await expect(toast(page, '密码已修改')).toBeVisible();

  // Mobile: captcha + SMS to the new number, 60 s countdown, then the header shows the new number.
  await page.getByRole('tab', { name: '更换手机号' }).click();
  const mf = page.getByRole('form', { name: '更换手机号' });
  const newMobile = `13${String(Date.now()).slice(-9)}`;
  await mf.getByLabel('新手机号').fill(newMobile);
  const img = mf.getByRole('img', { name: '图形验证码' });
  await expect(img).toHaveAttribute('data-key', /.+/);
  const answer = (
    await envelope<{ answer: string }>(await page.request.get(`/api/dev/captcha?key=${await img.getAttribute('data-key')}`))
  ).data.answer;
  await mf.getByLabel('图形验证码', { exact: true }).fill(answer);
  await mf.getByRole('button', { name: '获取验证码' }).click();
  await expect(mf.getByRole('button', { name: /^\d+秒后重新获取$/ })).toBeDisabled();
  const code = await readSmsCode(page.request, newMobile, { purpose: 'change-mobile' });
  await mf.getByLabel('短信验证码').fill(code);
  await mf.getByRole('button', { name: '更换手机号' }).click();
  await expect(toast(page, '手机号已更换')).toBeVisible();
  await expect(page.getByTestId('header-user')).toContainText(`${newMobile.slice(0, 3)}****${newMobile.slice(7)}`);

  // Email: the shared rule, then saved and shown in the profile.
  await page.getByRole('tab', { name: '修改邮箱' }).click();
  const ef = page.getByRole('form', { name: '修改邮箱' });
  await ef.getByLabel('邮箱').fill('not-an-email');
  await ef.getByRole('button', { name: '保存邮箱' }).click();
  await expect(ef.getByText('请输入正确的邮箱')).toBeVisible();
  await ef.getByLabel('邮箱').fill('me@example.cn');
  await ef.getByRole('button', { name: '保存邮箱' }).click();
  await expect(toast(page, '邮箱已更新')).toBeVisible();
  await page.getByRole('tab', { name: '基本资料' }).click();
  await expect(page.getByTestId('profile')).toContainText('me@example.cn');

  // Data export: a JSON file of the account.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: '下载我的数据' }).click();
  const exported = JSON.parse(fs.readFileSync((await (await downloading).path())!, 'utf8'));
  expect(JSON.stringify(exported)).toContain(user.username);

  // Deletion: wrong password refused, then the session ends and the old credentials no longer log in.
  await page.getByRole('button', { name: '注销账号' }).click();
  const dialog = page.getByRole('dialog', { name: '注销账号' });
  await expect(dialog).toContainText('依法保留');
  await dialog.getByLabel('请输入当前密码以确认').fill(user.password);
  await dialog.getByRole('button', { name: '确认注销' }).click();
  await expect(toast(page, '当前密码错误')).toBeVisible();
  await dialog.getByLabel('请输入当前密码以确认').fill(newPassword);
  await dialog.getByRole('button', { name: '确认注销' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('button', { name: '登录', exact: true })).toBeVisible();
  expect(await page.evaluate((k) => localStorage.getItem(k), TOKEN_KEY)).toBeNull();

  // The old credentials (username or the new mobile, the last password) no longer log in.
  for (const name of [user.username, newMobile]) {
    const login = await openPasswordLogin(page, name, newPassword);
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/sys/auth/webLogin'));
    await login.getByRole('button', { name: '登录', exact: true }).click();
    expect((await envelope(await answered)).code, `login as ${name} after deletion`).not.toBe(0);
    await expect(login).toBeVisible();
    await login.getByRole('button', { name: 'Close' }).or(login.locator('.ant-modal-close')).first().click();
  }
});
