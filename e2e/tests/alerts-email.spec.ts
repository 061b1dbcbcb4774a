import { test, expect } from './fixtures.ts';
import type { APIRequestContext } from '@playwright/test';
import { loginWithToken, registerAndLogin, toast } from './helpers/accounts.ts';
import { call, okData } from './helpers/api.ts';
import { pickOption } from './helpers/select.ts';
import { registerStaff } from './usercentre-helpers.ts';
import { axeProblems, settle } from './helpers/a11y.ts';

interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string | null;
  headers: Record<string, string>;
}

/** The development mail outbox of one address (the e2e server runs with DEV_OUTBOX=1 and no SMTP server). */
const mailsTo = async (request: APIRequestContext, to: string) =>
  okData<Mail[]>(await request.get(`/api/dev/mail-outbox?to=${encodeURIComponent(to)}`));
// Links in mails start with SITE_URL, by default http://HOST:PORT: here the test server itself.

test('a collector verifies an email and turns on mails; the office marks the standard 被代替; the mail names the replacement; its unsubscribe page works without login; the office sees the delivery in its log', async ({
  page,
  browser,
  pageErrors,
}) => {
  test.slow();
  const n = String(Date.now()).slice(-6);
  const email = `collector${n}@example.com`;
  const collector = await registerAndLogin(page, '/my-setting');

  // The address is saved unverified; the mailed link verifies it.
  await page.getByRole('tab', { name: '修改邮箱' }).click();
  const emailForm = page.getByRole('form', { name: '修改邮箱' });
  await emailForm.getByLabel('邮箱').fill(email);
  await emailForm.getByRole('button', { name: '保存邮箱' }).click();
  const alerts = page.getByTestId('email-alerts');
  await expect(alerts).toContainText('尚未验证');
  const verification = (await mailsTo(page.request, email))[0]!;
  expect(verification.subject).toBe('请验证您的邮箱地址');
  // The link lands on a page of the web app (not JSON), opened here by a browser that is not logged in.
  const verifyLink = /https?:\/\/\S+\/email-verify\?token=[\w-]+/.exec(verification.text)![0];
  const outsider = await browser.newContext();
  const reader = await outsider.newPage();
  await reader.goto(verifyLink);
  await expect(reader.getByRole('heading', { name: '邮箱验证', level: 1 })).toBeVisible();
  await expect(reader.getByRole('status')).toContainText(`邮箱 ${email} 已验证`);
  expect(await axeProblems(reader, '/email-verify')).toEqual([]);

  await page.reload();
  await page.getByRole('tab', { name: '修改邮箱' }).click();
  const box = alerts.getByRole('checkbox');
  await expect(box).not.toBeChecked();
  // A click, not check(): the box follows the server's answer, not the click.
  await box.click();
  await expect(toast(page, '已保存')).toBeVisible();
  await expect(box).toBeChecked();

  // The office: two records, the collector collects the old one, the console marks it 被代替 by the new one.
  const staff = await registerStaff(page.request, 'operator');
  const create = async (standardNo: string, nameZh: string) => {
    const res = await call<{ id: number }>(page.request, staff.token, 'POST', '/api/admin/standards', { standardNo, nameZh });
    expect(res.code, res.msg).toBe(0);
    return res.data.id;
  };
  const oldId = await create(`DB4420/T ${n}2-2019`, `【示例】邮件提醒旧版${n}`);
  const newId = await create(`DB4420/T ${n}2-2026`, `【示例】邮件提醒新版${n}`);
  const collected = await call(page.request, collector.token, 'POST', '/api/zs/ent/EntZsCollection/zsCollectionAddOrUpdate', {
    itemType: 'standard',
    itemId: oldId,
    collect: true,
  });
  expect(collected.code, collected.msg).toBe(0);

  const context = await browser.newContext();
  const op = await context.newPage();
  await loginWithToken(op, staff.token, staff.mobile, '/home');
  await op.goto(`/admin/standards/edit?id=${oldId}`);
  await op.getByRole('button', { name: '变更状态' }).click();
  const dialog = op.getByRole('dialog', { name: '变更标准状态' });
  // Each pick is repeated until the dialog shows the chosen value (helpers/select.ts).
  await pickOption(op, dialog.getByLabel('新状态'), '被代替', dialog.getByTitle('被代替', { exact: true }));
  // The replacement is searched by number, then picked (the typed search text never has the title).
  await pickOption(
    op,
    dialog.getByLabel('代替标准'),
    `邮件提醒新版${n}`,
    dialog.getByTitle(`DB4420/T ${n}2-2026 【示例】邮件提醒新版${n}`, { exact: true }),
    `DB4420/T ${n}2-2026`,
  );
  await dialog.getByLabel('变更原因').fill('示例：被新版代替');
  await dialog.getByRole('button', { name: '确认变更' }).click();
  await expect(op.getByTestId('standard-status')).toHaveText('被代替');

  // The outbox worker sends within its 10 s round.
  let alert: Mail | undefined;
  await expect
    .poll(
      async () => {
        alert = (await mailsTo(page.request, email)).find((m) => m.subject.startsWith('标准状态变更'));
        return alert?.subject;
      },
      { timeout: 30_000 },
    )
    .toBe(`标准状态变更：DB4420/T ${n}2-2019 现行 → 被代替`);
  expect(alert!.text).toContain(`【示例】邮件提醒旧版${n}`);
  expect(alert!.text).toContain(`代替标准：DB4420/T ${n}2-2026`);
  expect(alert!.html).toContain(`DB4420/T ${n}2-2026`);
  // The replacement links to its own record.
  expect(alert!.text).toMatch(new RegExp(`代替标准：DB4420/T ${n}2-2026（https?://\\S+/standard-detail\\?id=${newId}）`));
  expect(alert!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  expect(alert!.headers['List-Unsubscribe']).toMatch(/^<https?:\/\/\S+\/api\/alerts\/unsubscribe\?token=[\w-]+>$/);
  const unsubscribe = /https?:\/\/\S+\/alerts-unsubscribe\?token=[\w-]+/.exec(alert!.text)![0];

  // Opened by someone not logged in (the mail's reader in another browser): the page asks first — opening it, as a
  // mail scanner would, changes nothing.
  await reader.goto(unsubscribe);
  await expect(reader.getByRole('heading', { name: '退订提醒邮件', level: 1 })).toBeVisible();
  const confirm = reader.getByRole('button', { name: '确认退订' });
  await expect(confirm).toBeVisible();
  expect(await axeProblems(reader, '/alerts-unsubscribe')).toEqual([]);
  await page.reload();
  await page.getByRole('tab', { name: '修改邮箱' }).click();
  await expect(alerts.getByRole('checkbox')).toBeChecked();
  // The button unsubscribes; the mails stop.
  await confirm.click();
  await expect(reader.getByRole('status')).toContainText('已退订收藏的标准状态变更提醒邮件');
  await outsider.close();
  await page.reload();
  await page.getByRole('tab', { name: '修改邮箱' }).click();
  await expect(alerts.getByRole('checkbox')).not.toBeChecked();

  // The office's delivery log: the mail counted as sent, its row found by the collector's mobile, shown masked.
  await op.goto('/admin/alert-deliveries');
  await expect(op.getByRole('heading', { name: '提醒投递记录' })).toBeVisible();
  await expect(op.getByTestId('total-sent').locator('dd')).not.toHaveText('0');
  await op.getByLabel('用户', { exact: true }).fill(collector.mobile);
  await op.getByLabel('状态', { exact: true }).selectOption({ label: '已发送' });
  await op.getByRole('button', { name: '筛选' }).click();
  const row = op.getByRole('row').filter({ hasText: `DB4420/T ${n}2-2019` });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`${collector.mobile.slice(0, 3)}****${collector.mobile.slice(7)}`);
  await expect(row).not.toContainText(collector.mobile);
  await expect(row).toContainText('已发送');
  await expect(row).toContainText('邮件');
  await settle(op);
  expect(await axeProblems(op, '/admin/alert-deliveries')).toEqual([]);
  await context.close();
  expect(pageErrors).toEqual([]);
});
