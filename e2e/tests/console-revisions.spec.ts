import { test, expect } from './fixtures.ts';
import type { Browser, APIRequestContext } from '@playwright/test';
import { storeToken, toast } from './helpers/accounts.ts';
import { loginAdmin } from './helpers/admin.ts';
import { call } from './helpers/api.ts';
import { registerStaff } from './usercentre-helpers.ts';

/** Issue 30, the office's walk-through: revisions compared before 恢复, and edits of live items under 发布需审核. */
const uniq = () => String(Date.now()).slice(-6);

async function staffPage(browser: Browser, request: APIRequestContext, role: 'operator' | 'admin') {
  const staff = await registerStaff(request, role);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await storeToken(page, staff.token);
  return { staff, page, context, errors };
}

async function createNews(request: APIRequestContext, token: string, title: string, bodyHtml: string) {
  const res = await call<{ id: number }>(request, token, 'POST', '/api/admin/content/news', {
    title,
    category: 'work',
    bodyHtml,
  });
  expect(res.code, res.msg).toBe(0);
  return res.data.id;
}

test('历史版本: a revision is previewed and compared with the current content, field by field and line by line, before 恢复', async ({
  page,
  browser,
}) => {
  test.slow();
  const { staff, page: op, context, errors } = await staffPage(browser, page.request, 'operator');
  const n = uniq();
  const id = await createNews(page.request, staff.token, `【示例】版本一${n}`, '<p>第一段不变。</p><p>第二段旧的说法。</p>');
  const edited = await call(page.request, staff.token, 'PUT', `/api/admin/content/news/${id}`, {
    title: `【示例】版本二${n}`,
    category: 'work',
    bodyHtml: '<p>第一段不变。</p><p>第二段新的说法。</p><p>新增的第三段。</p>',
  });
  expect(edited.code, edited.msg).toBe(0);

  await op.goto(`/admin/content/news/${id}`);
  await expect(op.getByRole('textbox', { name: '标题', exact: true })).toHaveValue(`【示例】版本二${n}`);
  await op.getByRole('button', { name: '历史版本' }).click();
  const drawer = op.getByRole('dialog', { name: '历史版本' });
  const first = drawer.getByRole('listitem').filter({ hasText: `【示例】版本一${n}` });
  await first.getByRole('button', { name: '查看与对比' }).click();
  const modal = op.getByRole('dialog', { name: /^历史版本：/ });
  await expect(modal).toBeVisible();
  // The title row is marked changed, with both versions side by side.
  const title = modal.getByTestId('revision-field-title');
  await expect(title).toContainText('有改动');
  await expect(title.getByRole('cell')).toHaveText([`【示例】版本一${n}`, `【示例】版本二${n}`]);
  await expect(modal.getByTestId('revision-field-source')).not.toContainText('有改动');
  // The body line by line: kept, removed by restoring (only in the current version), added back.
  const diff = modal.getByTestId('revision-body-diff');
  await expect(diff.locator('li:not(.is-del):not(.is-add)')).toHaveText(['第一段不变。']);
  await expect(diff.locator('li.is-del del')).toHaveText(['第二段新的说法。', '新增的第三段。']);
  await expect(diff.locator('li.is-add ins')).toHaveText(['第二段旧的说法。']);
  await op.screenshot({ path: '/tmp/shots/console-revision-compare.png' });
  // The preview reads as the public page would.
  await modal.getByRole('tab', { name: '预览此版本' }).click();
  await expect(modal.getByRole('heading', { name: `【示例】版本一${n}` })).toBeVisible();
  await expect(modal.getByRole('tabpanel', { name: '预览此版本' }).getByText('第二段旧的说法。')).toBeVisible();
  await op.screenshot({ path: '/tmp/shots/console-revision-preview.png' });

  await modal.getByRole('button', { name: '恢复此版本' }).click();
  await expect(toast(op, '已恢复到该版本')).toBeVisible();
  await expect(modal).toHaveCount(0);
  await expect(op.getByRole('textbox', { name: '标题', exact: true })).toHaveValue(`【示例】版本一${n}`);
  const item = await call<{ title: string; bodyHtml: string }>(page.request, staff.token, 'GET', `/api/admin/content/news/${id}`);
  expect(item.data).toMatchObject({ title: `【示例】版本一${n}`, bodyHtml: '<p>第一段不变。</p><p>第二段旧的说法。</p>' });
  await context.close();
  expect(errors).toEqual([]);
});

test('发布需审核: an operator’s edit of a published item waits for the admin while visitors keep reading the published text', async ({
  page,
  browser,
}) => {
  test.slow();
  const admin = await loginAdmin(page.request);
  const { page: op, context, errors } = await staffPage(browser, page.request, 'operator');
  const n = uniq();
  const live = `【示例】已发布通知${n}`;
  const id = await createNews(page.request, admin, live, '<p>已发布的正文。</p>');
  expect((await call(page.request, admin, 'POST', `/api/admin/content/news/${id}/publish`, {})).code).toBe(0);

  await op.goto(`/admin/content/news/${id}`);
  const titleBox = op.getByRole('textbox', { name: '标题', exact: true });
  await expect(titleBox).toHaveValue(live);
  await titleBox.fill(`【示例】改过的通知${n}`);
  // The switch is on only around the save: other browser tests running beside this one publish as operators.
  const setReview = async (on: boolean) =>
    expect((await call(page.request, admin, 'PUT', '/api/admin/content/settings', { reviewRequired: on })).code).toBe(0);
  await setReview(true);
  try {
    await op.locator('.content-actions').getByRole('button', { name: '保存修改' }).click();
    await expect(toast(op, '修改已提交审核，审核通过前前台仍显示已发布的版本')).toBeVisible();
  } finally {
    await setReview(false);
  }
  await expect(op.getByTestId('content-pending')).toContainText('前台仍显示已发布的版本');
  await expect(titleBox).toHaveValue(`【示例】改过的通知${n}`);
  await op.screenshot({ path: '/tmp/shots/console-edit-pending.png' });

  // A visitor still reads the published version.
  await page.goto(`/news-detail?id=${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(live);

  // The admin sees what kind of request it is and approves it; then visitors read the new title.
  const reviewer = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const adminPage = await reviewer.newPage();
  await storeToken(adminPage, admin);
  await adminPage.goto('/admin/content/reviews');
  const row = adminPage.getByRole('row').filter({ hasText: live });
  await expect(row).toContainText('修改已发布内容');
  await adminPage.screenshot({ path: '/tmp/shots/console-reviews-edit.png' });
  await row.getByRole('button', { name: '通过' }).click();
  await expect(row).toHaveCount(0);
  await reviewer.close();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`【示例】改过的通知${n}`);
  await context.close();
  expect(errors).toEqual([]);
});

test('发布需审核: an operator’s 恢复 of an older version of a published item waits for the admin; visitors keep the live text', async ({
  page,
  browser,
}) => {
  test.slow();
  const admin = await loginAdmin(page.request);
  const { page: op, context, errors } = await staffPage(browser, page.request, 'operator');
  const n = uniq();
  const older = `【示例】旧版通知${n}`;
  const live = `【示例】现行通知${n}`;
  const id = await createNews(page.request, admin, older, '<p>旧版正文。</p>');
  expect((await call(page.request, admin, 'POST', `/api/admin/content/news/${id}/publish`, {})).code).toBe(0);
  // The admin's own edit goes live at once and leaves the older text as a revision.
  const edited = await call(page.request, admin, 'PUT', `/api/admin/content/news/${id}`, {
    title: live,
    category: 'work',
    bodyHtml: '<p>现行正文。</p>',
  });
  expect(edited.code, edited.msg).toBe(0);

  await op.goto(`/admin/content/news/${id}`);
  await expect(op.getByRole('textbox', { name: '标题', exact: true })).toHaveValue(live);
  await op.getByRole('button', { name: '历史版本' }).click();
  const drawer = op.getByRole('dialog', { name: '历史版本' });
  // Created and published with the older text: two versions carry it; either brings it back.
  await drawer.getByRole('listitem').filter({ hasText: older }).first().getByRole('button', { name: '查看与对比' }).click();
  const modal = op.getByRole('dialog', { name: /^历史版本：/ });
  await expect(modal).toBeVisible();
  // The switch is on only around the restore: other browser tests running beside this one publish as operators.
  const setReview = async (on: boolean) =>
    expect((await call(page.request, admin, 'PUT', '/api/admin/content/settings', { reviewRequired: on })).code).toBe(0);
  await setReview(true);
  try {
    await modal.getByRole('button', { name: '恢复此版本' }).click();
    await expect(toast(op, '修改已提交审核，审核通过前前台仍显示已发布的版本')).toBeVisible();
  } finally {
    await setReview(false);
  }
  await expect(op.getByTestId('content-pending')).toContainText('前台仍显示已发布的版本');

  // Visitors keep reading the live version; the public list does not show the restored title.
  await page.goto(`/news-detail?id=${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(live);
  await expect(page.getByText('现行正文。')).toBeVisible();
  const stored = await call<{ title: string; status: string }>(page.request, admin, 'GET', `/api/portal/news/${id}`);
  expect(stored.data).toMatchObject({ title: live });

  // The admin sees a request to change published content and approves it; then visitors read the restored text.
  const reviewer = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const adminPage = await reviewer.newPage();
  await storeToken(adminPage, admin);
  await adminPage.goto('/admin/content/reviews');
  const row = adminPage.getByRole('row').filter({ hasText: live });
  await expect(row).toContainText('修改已发布内容');
  await row.getByRole('button', { name: '通过' }).click();
  await expect(row).toHaveCount(0);
  await reviewer.close();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(older);
  await expect(page.getByText('旧版正文。')).toBeVisible();
  await context.close();
  expect(errors).toEqual([]);
});
