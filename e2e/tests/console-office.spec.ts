import { test, expect } from './fixtures.ts';
import type { Browser, APIRequestContext } from '@playwright/test';
import { loginDialog, loginWithToken, registerAndLogin, solveCaptchaIn, storeToken, toast } from './helpers/accounts.ts';
import { E2E_ADMIN } from './helpers/admin.ts';
import { call } from './helpers/api.ts';
import { pickOption } from './helpers/select.ts';
import { registerStaff } from './usercentre-helpers.ts';
import { animationsSettled } from './helpers/motion.ts';

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
  await expect(dialog).toBeVisible();
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
  await pickOption(op, dialog.getByLabel('新状态'), '废止', dialog.getByTitle('废止', { exact: true }));
  await expect(dialog.getByText('生效日期（同时记为废止日期）')).toBeVisible();
  // The date is picked in the calendar: the first day of the month shown.
  await dialog.getByLabel('生效日期').click();
  const firstDay = op.locator('.ant-picker-dropdown:visible .ant-picker-cell-in-view').first();
  const picked = (await firstDay.getAttribute('title'))!;
  expect(picked).toMatch(/^\d{4}-\d{2}-01$/);
  // A click while the calendar opens can be lost on a busy machine: pick again until the field holds the day.
  await expect(async () => {
    if (!(await op.locator('.ant-picker-dropdown:visible').count())) await dialog.getByLabel('生效日期').click();
    await firstDay.click({ timeout: 3000 });
    await expect(dialog.getByLabel('生效日期')).toHaveValue(picked, { timeout: 3000 });
  }).toPass({ timeout: 30_000 });
  await pickOption(
    op,
    dialog.getByLabel('代替标准'),
    `新版规范${n}`,
    dialog.getByTitle(`DB4420/T ${n}1-2026 【示例】新版规范${n}`, { exact: true }),
    `DB4420/T ${n}1-2026`,
  );
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

/** A day in Beijing, `days` from today, as YYYY-MM-DD. */
const beijingDay = (days = 0) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' }).format(new Date(Date.now() + days * 86_400_000));

test('after 发布 the primary button is 保存修改; a link typed as www. is kept as https://; settings and dates speak the office language', async ({
  page,
  browser,
  pageErrors,
}) => {
  test.slow();
  const { staff, page: op, context } = await consolePage(browser, page.request, 'admin', '/admin/content/news/new');
  const title = `【示例】发布按钮测试${uniq()}`;
  await op.getByRole('textbox', { name: '标题', exact: true }).fill(title);
  await op.getByRole('textbox', { name: '正文' }).click();
  await op.keyboard.type('示例正文。');
  await op.getByLabel('来源链接').fill('www.zs.gov.cn/zwgk');
  await op.getByRole('button', { name: '发布', exact: true }).click();
  await expect(op).toHaveURL(/\/admin\/content\/news\/\d+$/, { timeout: 30_000 });
  await expect(op.locator('.content-state')).toContainText('已发布', { timeout: 30_000 });
  const actions = op.locator('.content-actions');
  await expect(actions.getByRole('button', { name: '保存修改' })).toBeVisible();
  await expect(actions.getByRole('button', { name: '发布', exact: true })).toHaveCount(0);
  await expect(actions.locator('.ant-btn-primary')).toHaveText('保存修改');
  await expect(op.getByLabel('来源链接')).toHaveValue('https://www.zs.gov.cn/zwgk');
  const id = op.url().split('/').pop();
  const item = await call<{ sourceUrl: string }>(page.request, staff.token, 'GET', `/api/admin/content/news/${id}`);
  expect(item.data.sourceUrl).toBe('https://www.zs.gov.cn/zwgk');

  // The standard editor's dates and the privacy version's date are calendars; no "HTML" or typed-date hints.
  await op.goto('/admin/settings');
  await expect(op.getByRole('region', { name: '隐私政策' })).toBeVisible();
  await expect(op.locator('#main')).not.toContainText('HTML');
  await expect(op.locator('#main')).not.toContainText('YYYY');
  await expect(op.getByRole('region', { name: '隐私政策' }).locator('.ant-picker')).toHaveCount(1);
  await op.goto('/admin/standards/edit');
  await expect(op.getByLabel('实施日期')).toBeVisible();
  await expect(op.locator('#main')).not.toContainText('YYYY');
  // A click on a day while the calendar is still opening can be lost on a busy machine: open and pick until the
  // field holds the picked day.
  await expect(async () => {
    if (!(await op.locator('.ant-picker-dropdown:visible').count())) await op.getByLabel('实施日期').click();
    const first = op.locator('.ant-picker-dropdown:visible .ant-picker-cell-in-view').first();
    const day = (await first.getAttribute('title', { timeout: 2000 }))!;
    await first.click({ timeout: 2000 });
    await expect(op.getByLabel('实施日期')).toHaveValue(day, { timeout: 2000 });
  }).toPass();
  await context.close();
  expect(pageErrors).toEqual([]);
});

test('a time typed in a UTC browser is Beijing time: 09:00 goes out at 09:00 北京时间 (01:00 UTC), and the list says when', async ({
  page,
  browser,
}) => {
  test.slow();
  const staff = await registerStaff(page.request, 'admin');
  const context = await browser.newContext({ timezoneId: 'UTC' });
  const op = await context.newPage();
  const pageErrors: string[] = [];
  op.on('pageerror', (e) => pageErrors.push(e.message));
  await loginWithToken(op, staff.token, staff.mobile, '/home');
  expect(await op.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('UTC');
  await op.goto('/admin/content/news/new');
  const title = `【示例】定时发布测试${uniq()}`;
  await op.getByRole('textbox', { name: '标题', exact: true }).fill(title);
  await op.getByRole('textbox', { name: '正文' }).click();
  await op.keyboard.type('示例正文。');
  const tomorrow = beijingDay(1);
  const when = op.getByLabel('定时发布时间（北京时间）');
  await when.click();
  await when.fill(`${tomorrow} 09:00`);
  await when.press('Enter');
  await expect(when).toHaveValue(`${tomorrow} 09:00`);
  await op.getByRole('button', { name: '定时发布' }).click();
  await expect(op).toHaveURL(/\/admin\/content\/news\/\d+$/, { timeout: 30_000 });
  await expect(op.getByTestId('content-scheduled')).toHaveText(`将于 ${tomorrow} 09:00（北京时间）发布`, { timeout: 30_000 });
  await expect(op.locator('.content-actions .ant-btn-primary')).toHaveText('立即发布');
  const id = op.url().split('/').pop();
  const item = await call<{ status: string; publishedAt: string }>(
    page.request,
    staff.token,
    'GET',
    `/api/admin/content/news/${id}`,
  );
  expect(item.data.status).toBe('scheduled');
  expect(item.data.publishedAt).toBe(`${tomorrow}T01:00:00.000Z`);
  // The editor's own date field shows the Beijing day too.
  await expect(op.getByLabel('发布日期')).toHaveValue(tomorrow);

  await op.goto(`/admin/content/news?keyword=${encodeURIComponent(title)}`);
  const row = op.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText(`${tomorrow} 09:00 发布`);
  await expect(op.getByRole('columnheader', { name: /发布时间（北京时间）/ })).toBeVisible();
  await context.close();
  expect(pageErrors).toEqual([]);
});

test('at 390 px the console menu folds into one button naming the section; tabs mark the current one; statuses are coloured tags; links are asked in a dialog', async ({
  page,
  browser,
}) => {
  test.slow();
  const staff = await registerStaff(page.request, 'admin');
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const op = await context.newPage();
  const pageErrors: string[] = [];
  op.on('pageerror', (e) => pageErrors.push(e.message));
  // A browser prompt would block the office; the editor must never open one.
  op.on('dialog', (d) => {
    pageErrors.push(`native dialog: ${d.message()}`);
    void d.dismiss();
  });
  // The public header hides the account on a phone: the token is stored and the console opened directly.
  await storeToken(op, staff.token);
  await op.goto('/admin/content');
  const nav = op.getByRole('navigation', { name: '运营后台' });
  const menu = op.getByRole('button', { name: /菜单：内容管理/ });
  await expect(menu).toBeVisible();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(nav.getByRole('link', { name: '用户管理' })).toBeHidden();
  // Folded, the console's header takes no more than a few lines of a phone screen.
  expect((await op.locator('.admin-header').boundingBox())!.height).toBeLessThan(160);
  await op.screenshot({ path: '.tmp/console-390-content.png', fullPage: false });
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(nav.getByRole('link', { name: '内容管理' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: '内容管理' })).toHaveClass(/is-active/);
  await op.screenshot({ path: '.tmp/console-390-menu.png', fullPage: false });
  // The section tabs stay one scrolling row on a phone, not four rows of underlined links.
  expect((await op.locator('.content-nav').boundingBox())!.height).toBeLessThan(70);
  await expect(op.locator('.content-nav a').first()).toHaveCSS('text-decoration-line', 'none');
  // /admin/content opens the first section, and its tab says so.
  await expect(op.locator('.content-nav a.is-active')).toHaveCount(1);
  await expect(op.locator('.content-nav a').first()).toHaveClass(/is-active/);
  await nav.getByRole('link', { name: '标准库' }).click();
  await expect(op).toHaveURL(/\/admin\/standards$/);
  await expect(nav).toBeHidden();
  await expect(op.getByRole('button', { name: /菜单：标准库/ })).toBeVisible();
  await op.getByLabel('标准编号或名称').fill('DB4420/T');
  await op.getByLabel('标准编号或名称').press('Enter');
  const tag = op.getByTestId('standard-row-status').first();
  await expect(tag).toHaveClass(/zs-tag/);
  await expect(tag).toHaveClass(/zs-tone-/);
  await op.screenshot({ path: '.tmp/console-390-standards.png', fullPage: false });

  await op.goto('/admin/content/news/new');
  const body = op.getByRole('textbox', { name: '正文' });
  await body.click();
  await op.keyboard.type('中山市政府网');
  await op.keyboard.press('Shift+Home');
  await op.getByRole('toolbar', { name: '正文格式' }).getByRole('button', { name: '链接' }).click();
  const dialog = op.getByRole('dialog', { name: '插入链接' });
  await dialog.getByLabel('链接地址').fill('zs.gov.cn');
  // The dialog zooms in; a click before it settles can miss its button on a loaded machine.
  await animationsSettled(op);
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('请填写以 http://、https:// 或 www. 开头的地址');
  await dialog.getByLabel('链接地址').fill('www.zs.gov.cn');
  await op.screenshot({ path: '.tmp/console-390-link-dialog.png', fullPage: false });
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(body.locator('a')).toHaveAttribute('href', 'https://www.zs.gov.cn');
  await expect(body.locator('a')).toHaveText('中山市政府网');
  await context.close();

  // The same pages at 1280 px: the bar shows every section, the current one marked, no menu button.
  const wide = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const desk = await wide.newPage();
  await loginWithToken(desk, staff.token, staff.mobile, '/home');
  await desk.goto('/admin/content/news');
  await expect(desk.getByRole('button', { name: /菜单/ })).toBeHidden();
  await expect(desk.getByRole('navigation', { name: '运营后台' }).getByRole('link', { name: '内容管理' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await desk.screenshot({ path: '.tmp/console-1280-content.png' });
  await desk.goto('/admin/standards');
  await desk.getByLabel('标准编号或名称').fill('DB4420/T');
  await desk.getByLabel('标准编号或名称').press('Enter');
  await expect(desk.getByTestId('standard-row-status').first()).toBeVisible();
  await desk.screenshot({ path: '.tmp/console-1280-standards.png' });
  await wide.close();
  expect(pageErrors).toEqual([]);
});

test('网站检查 fails a site still showing 示例 content, contacts and "运营单位：示例", each row with 去处理; an edited demo contact is still demo', async ({
  page,
  browser,
  pageErrors,
}) => {
  test.slow();
  const { page: op, context } = await consolePage(browser, page.request, 'admin', '/admin/health');
  const verdict = op.getByTestId('health-verdict');
  await expect(verdict.getByRole('heading')).toHaveText(/^未通过：\d+ 项需要处理$/);
  const findings = op.getByTestId('health-finding');
  await expect(findings.filter({ hasText: '示例内容' }).first()).toBeVisible();
  await expect(findings.filter({ hasText: '运营单位：示例' })).toHaveCount(1);
  await expect(op.locator('[data-testid="health-finding"][data-kind="demo_contact"]').first()).toBeVisible();
  // Every row says where to fix it.
  const rows = await findings.count();
  expect(rows).toBeGreaterThan(2);
  await expect(findings.getByRole('link', { name: '去处理' })).toHaveCount(rows);
  // "尚未检查" and "未发现" never both show (other specs may have run the check on this server already).
  const links = op.getByRole('region', { name: '失效链接与附件' });
  await expect(links.getByRole('heading')).toContainText(/尚未检查|上次检查/);
  if ((await links.getByRole('heading').textContent())!.includes('尚未检查'))
    await expect(links.getByText('未发现失效链接与附件')).toHaveCount(0);
  await op.screenshot({ path: '.tmp/console-1280-health.png', fullPage: true });

  // The office gives the first contact a real-looking name but keeps the demo number: still flagged.
  await findings.filter({ hasText: '运营单位：示例' }).getByRole('link', { name: '去处理' }).click();
  await expect(op).toHaveURL(/\/admin\/settings$/);
  await op.getByLabel('联系人 1 姓名').fill('王五');
  await op.getByLabel('联系人 1 电话').fill('0760-00000001');
  await op.getByRole('button', { name: '保存站点设置' }).click();
  await expect(toast(op, '站点设置已保存，前台刷新页面即可看到')).toBeVisible();
  await op.goto('/admin/health');
  await expect(findings.filter({ hasText: '页脚联系人「王五」（0760-00000001）' })).toBeVisible();
  await context.close();

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const small = await phone.newPage();
  await storeToken(small, (await registerStaff(page.request, 'operator')).token);
  await small.goto('/admin/health');
  await expect(small.getByTestId('health-verdict')).toBeVisible();
  await small.screenshot({ path: '.tmp/console-390-health.png', fullPage: false });
  await phone.close();
  expect(pageErrors).toEqual([]);
});
