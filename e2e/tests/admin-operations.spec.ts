import type { APIRequestContext } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { loginWithToken, registerAndLogin, registerViaApi, toast } from './helpers/accounts.ts';
import { call, envelope } from './helpers/api.ts';
import { pickOption } from './helpers/select.ts';
import { confirmDialog, registerStaff } from './usercentre-helpers.ts';
import { loginAdmin } from './helpers/admin.ts';

const uniq = () => String(Date.now()).slice(-6);

async function staffPage(
  browser: import('@playwright/test').Browser,
  request: APIRequestContext,
  role: 'operator' | 'admin',
  path: string,
) {
  const staff = await registerStaff(request, role);
  const context = await browser.newContext();
  const page = await context.newPage();
  // The console has no public header: log in on /home, then open the console page.
  await loginWithToken(page, staff.token, staff.mobile, '/home');
  await page.goto(path);
  return { staff, page, context };
}

test('import: a CSV of Zhongshan local standards with one bad row, progress, report download, rows on /standard-zhongshan', async ({
  page,
  browser,
}) => {
  test.slow();
  const n = uniq();
  const word = `导入测试${n}`;
  const csv = [
    '标准编号,标准名称,实施日期,状态',
    `DB4420/T ${n}1-2025,【示例】${word}甲,2025-03-01,现行`,
    `DB4420/T ${n}2-2025,【示例】${word}乙,2025-04-01,现行`,
    `DB4420/T ${n}3-2025,【示例】${word}丙,2025-02-30,现行`,
  ].join('\n');
  const { page: op, context } = await staffPage(browser, page.request, 'operator', '/admin/import');
  await expect(op.getByRole('heading', { name: '标准数据导入' })).toBeVisible();
  await op
    .getByLabel('选择导入文件')
    .setInputFiles({ name: '中山地方标准示例.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  const preview = op.getByRole('region', { name: '导入预览' });
  await expect(preview.getByText('标准编号 ← 「标准编号」')).toBeVisible();
  await expect(preview.getByRole('table', { name: '前几行数据' }).getByRole('row')).toHaveCount(4);
  await preview.getByRole('button', { name: '开始导入' }).click();
  const progress = op.getByRole('region', { name: '导入进度' });
  await expect(progress).toHaveAttribute('data-status', 'done');
  await expect(op.getByTestId('import-rows')).toContainText('已处理 3 行');
  const counts = op.getByTestId('import-counts');
  await expect(counts).toContainText('新增2');
  await expect(counts).toContainText('被拒绝1');
  const download = op.waitForEvent('download');
  await progress.getByRole('button', { name: '下载导入报告（XLSX）' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);
  await expect(op.getByRole('table', { name: '历次导入' })).toContainText('中山地方标准示例.csv');
  await context.close();

  await page.goto('/standard-zhongshan');
  await page.getByRole('combobox', { name: '检索关键词' }).fill(word);
  await page.getByRole('combobox', { name: '检索关键词' }).press('Enter');
  await expect(page.getByTestId('std-result')).toHaveCount(2);
  await expect(page.getByTestId('std-results')).toContainText(`DB4420/T ${n}1-2025`);
});

/**
 * The same kind of file as Excel on Chinese Windows saves with "CSV（逗号分隔）": GBK bytes, CRLF line ends, no
 * BOM (issue 25). The GBK bytes of the Chinese words are written out by hand; the run's number is ASCII.
 */
const GBK: Record<string, string> = {
  标准编号: 'b1ead7bcb1e0bac5',
  标准名称: 'b1ead7bcc3fbb3c6',
  实施日期: 'cab5caa9c8d5c6da',
  状态: 'd7b4ccac',
  现行: 'cfd6d0d0',
  '【示例】': 'a1becabec0fda1bf',
  编码测试: 'b1e0c2ebb2e2cad4',
  甲: 'bcd7',
  乙: 'd2d2',
  丙: 'b1fb',
};
const gbk = (...parts: string[]) =>
  Buffer.concat(parts.map((p) => (p in GBK ? Buffer.from(GBK[p]!, 'hex') : Buffer.from(p, 'latin1'))));

test('import: a GBK CSV saved by Excel on Chinese Windows names its encoding and lands every row on /standard-zhongshan', async ({
  page,
  browser,
}) => {
  test.slow();
  const n = uniq();
  const word = `编码测试${n}`;
  const marks = ['甲', '乙', '丙'] as const;
  const file = Buffer.concat([
    gbk('标准编号', ',', '标准名称', ',', '实施日期', ',', '状态', '\r\n'),
    ...marks.map((m, i) =>
      gbk(`DB4420/T ${n}${i + 5}-2026,`, '【示例】', '编码测试', n, m, `,2026-0${i + 1}-01,`, '现行', '\r\n'),
    ),
  ]);
  expect(new TextDecoder('gb18030').decode(file).split('\r\n')[1]).toBe(`DB4420/T ${n}5-2026,【示例】${word}甲,2026-01-01,现行`);
  const { page: op, context } = await staffPage(browser, page.request, 'operator', '/admin/import');
  await op.getByLabel('选择导入文件').setInputFiles({ name: '中山地方标准GBK示例.csv', mimeType: 'text/csv', buffer: file });
  const preview = op.getByRole('region', { name: '导入预览' });
  await expect(preview.getByText('文件编码：GB18030（GBK）')).toBeVisible();
  const sample = preview.getByRole('table', { name: '前几行数据' });
  await expect(sample.getByRole('columnheader', { name: '标准名称' })).toBeVisible();
  await expect(sample).toContainText(`【示例】${word}丙`);
  await preview.getByRole('button', { name: '开始导入' }).click();
  const progress = op.getByRole('region', { name: '导入进度' });
  await expect(progress).toHaveAttribute('data-status', 'done');
  const counts = op.getByTestId('import-counts');
  await expect(counts).toContainText('新增3');
  await expect(counts).toContainText('被拒绝0');
  await context.close();

  await page.goto('/standard-zhongshan');
  await page.getByRole('combobox', { name: '检索关键词' }).fill(word);
  await page.getByRole('combobox', { name: '检索关键词' }).press('Enter');
  await expect(page.getByTestId('std-result')).toHaveCount(3);
  for (const [i, m] of marks.entries()) {
    await expect(page.getByTestId('std-results')).toContainText(`DB4420/T ${n}${i + 5}-2026`);
    await expect(page.getByTestId('std-results')).toContainText(`【示例】${word}${m}`);
  }
});

test('status: marking a collected standard 废止 messages the collector', async ({ page, browser }) => {
  test.slow();
  const collector = await registerAndLogin(page);
  const { staff, page: op, context } = await staffPage(browser, page.request, 'operator', '/admin/standards');
  const n = uniq();
  const created = await call<{ id: number }>(page.request, staff.token, 'POST', '/api/admin/standards', {
    standardNo: `DB4420/T ${n}9-2024`,
    nameZh: `【示例】状态测试${n}`,
  });
  expect(created.code, created.msg).toBe(0);
  const collect = await call(page.request, collector.token, 'POST', '/api/zs/ent/EntZsCollection/zsCollectionAddOrUpdate', {
    itemType: 'standard',
    itemId: created.data.id,
    collect: true,
  });
  expect(collect.code, collect.msg).toBe(0);

  await op.getByLabel('标准编号或名称').fill(`DB4420/T ${n}9-2024`);
  await op.getByLabel('标准编号或名称').press('Enter');
  await op.getByRole('link', { name: `DB4420/T ${n}9-2024` }).click();
  await expect(op.getByTestId('standard-status')).toHaveText('现行');
  await op.getByRole('button', { name: '变更状态' }).click();
  const dialog = op.getByRole('dialog', { name: '变更标准状态' });
  await pickOption(op, dialog.getByLabel('新状态'), '废止', dialog.getByTitle('废止', { exact: true }));
  await dialog.getByLabel('变更原因').fill('示例：浏览器测试废止');
  await dialog.getByRole('button', { name: '确认变更' }).click();
  await expect(toast(op, '状态已变更，已通知 1 位收藏用户')).toBeVisible();
  await expect(op.getByTestId('standard-status')).toHaveText('废止');
  await context.close();

  await page.goto('/my-message');
  await expect(page.getByText(`收藏的标准状态变更：DB4420/T ${n}9-2024`)).toBeVisible();
  const detail = await envelope<{ status: string }>(await page.request.get(`/api/portal/standards/${created.data.id}`));
  expect(detail.data.status).toBe('abolished');
});

test('settings: an edited footer contact shows in the footer on the next page load', async ({ page, browser }) => {
  // Two browser contexts and a staff account made through the API: over 30 s on a loaded CI machine.
  test.slow();
  const { staff, page: admin, context } = await staffPage(browser, page.request, 'admin', '/admin/settings');
  const before = await call<Record<string, unknown>>(page.request, staff.token, 'GET', '/api/admin/settings');
  const name = `运营${uniq()}`;
  const field = admin.getByLabel('联系人 1 姓名');
  await expect(field).not.toHaveValue('');
  await field.fill(name);
  await admin.getByLabel('联系人 1 电话').fill('13800138000');
  await admin.getByRole('button', { name: '保存站点设置' }).click();
  await expect(toast(admin, '站点设置已保存，前台刷新页面即可看到')).toBeVisible();
  await context.close();

  await page.goto('/home');
  const first = page.getByTestId('contact-card').first();
  await expect(first).toContainText(name);
  await expect(first).toContainText('平台运营人员');
  // Put the contacts back for the other tests.
  const restore = await page.request.fetch('/api/admin/settings', {
    method: 'PUT',
    headers: { authorization: staff.token },
    data: before.data,
  });
  expect((await envelope(restore)).code).toBe(0);
});

test('users: disabling a user ends their session at once', async ({ page, browser }) => {
  // Two logged-in contexts (the user and an administrator): it ran out of 30 s in CI with the a11y suite alongside.
  test.slow();
  const user = await registerViaApi(page.request);
  await loginWithToken(page, user.token, user.mobile, '/my-message');
  const { page: admin, context } = await staffPage(browser, page.request, 'admin', '/admin/users');
  await admin.getByLabel('搜索用户').fill(user.mobile);
  await admin.getByRole('button', { name: '搜索' }).click();
  await admin.getByRole('button', { name: `停用 ${user.username}` }).click();
  await confirmDialog(admin);
  await expect(admin.getByRole('button', { name: `启用 ${user.username}` })).toBeVisible();
  await context.close();

  const res = await call(page.request, user.token, 'GET', '/api/user/messages');
  expect(res.code).toBe(401);
  await page.reload();
  await expect(page.getByTestId('header-user')).toHaveCount(0);
});

test('health: an aged news section and a lost attachment both show in red', async ({ page, browser }) => {
  test.slow();
  const training = (await envelope<{ list: Array<{ id: number }> }>(await page.request.get('/api/portal/training?size=50'))).data
    .list;
  let fileId: number | null = null;
  for (const t of training) {
    const d = JSON.stringify((await envelope(await page.request.get(`/api/portal/training/${t.id}`))).data);
    const m = /"fileId":(\d+)/.exec(d);
    if (m) {
      fileId = Number(m[1]);
      break;
    }
  }
  expect(fileId, 'a demo training item with a document').not.toBeNull();
  // Development-only endpoints, and even there only for an administrator.
  const headers = { authorization: await loginAdmin(page.request) };
  const aged = await page.request.post('/api/dev/age-section', { headers, data: { section: 'news', days: 400 } });
  expect((await envelope(aged)).code).toBe(0);
  expect((await envelope(await page.request.post('/api/dev/drop-file', { headers, data: { fileId } }))).code).toBe(0);

  const { page: op, context } = await staffPage(browser, page.request, 'operator', '/admin/health');
  await expect(op.getByTestId('health-news')).toHaveAttribute('data-level', 'red');
  await op.getByRole('button', { name: '立即检查' }).click();
  await expect(op.getByTestId('broken-link').first()).toContainText('附件文件缺失，无法下载');
  await expect(op.getByTestId('broken-link').first()).toHaveClass(/admin-level-red/);
  await op.goto('/admin');
  await expect(op.getByRole('alert').filter({ hasText: '网站检查有红色项目' })).toBeVisible();
  await context.close();
});
