import { test, expect } from './fixtures.ts';
import { loginWithToken, registerViaApi, toast } from './helpers/accounts.ts';
import { call } from './helpers/api.ts';
import { axeProblems, settle } from './helpers/a11y.ts';
import { TINY_PNG, withCheckChar } from './portal-helpers.ts';
import { registerStaff, upload } from './usercentre-helpers.ts';

/**
 * 产品执行标准 (issue 27, decisions/0089): a certified enterprise in 小榄镇 lists its product standards (one of them
 * superseded); the office sees it on the dashboard, counted under 小榄镇, with the standard and its replacement.
 */
test('a certified enterprise lists its product standards; the office sees the superseded one by town on the dashboard', async ({
  page,
  browser,
  pageErrors,
}) => {
  test.slow();
  const n = String(Date.now()).slice(-5);
  const op = await registerStaff(page.request, 'operator');
  const create = async (standardNo: string, nameZh: string) => {
    const res = await call<{ id: number }>(page.request, op.token, 'POST', '/api/admin/standards', { standardNo, nameZh });
    expect(res.code, res.msg).toBe(0);
    return res.data.id;
  };
  const oldNo = `DB4420/T ${n}7-2018`;
  const newNo = `DB4420/T ${n}7-2025`;
  const currentNo = `DB4420/T ${n}8-2022`;
  const oldId = await create(oldNo, `【示例】产品执行旧版${n}`);
  const newId = await create(newNo, `【示例】产品执行新版${n}`);
  await create(currentNo, `【示例】产品执行现行${n}`);
  const changed = await call(page.request, op.token, 'POST', `/api/admin/standards/${oldId}/status`, {
    status: 'replaced',
    effectiveDate: '2026-01-01',
    reason: '示例：被新版代替',
    replacedById: newId,
  });
  expect(changed.code, changed.msg).toBe(0);

  // The enterprise: certified by the office, its registered name in 小榄镇.
  const company = `中山市小榄镇示例${n}五金有限公司`;
  const user = await registerViaApi(page.request);
  const licence = await upload(page.request, user.token, 'licence.png', 'image/png', TINY_PNG);
  const cert = await call<{ id: number }>(page.request, user.token, 'POST', '/api/user/certification', {
    companyName: company,
    creditCode: withCheckChar('91442000MA7' + String(Date.now()).slice(-6)),
    legalRep: '李四',
    contactName: '王五',
    contactMobile: '13800138000',
    licenceFileId: licence,
  });
  expect(cert.code, cert.msg).toBe(0);
  const review = await call(page.request, op.token, 'POST', `/api/admin/certifications/${cert.data.id}/review`, {
    decision: 'approve',
  });
  expect(review.code, review.msg).toBe(0);

  await loginWithToken(page, user.token, user.mobile, '/my-product-standards');
  await expect(page.getByRole('heading', { name: '产品执行标准', level: 1 })).toBeVisible();
  const add = page.getByTestId('product-standards-add');
  await add.getByLabel('产品名称（选填）').fill('示例灯具');
  await add.getByLabel('标准号', { exact: true }).fill(currentNo.toLowerCase());
  await add.getByRole('button', { name: '添加', exact: true }).click();
  await expect(toast(page, '已添加 1 条，其中 1 条匹配到标准')).toBeVisible();
  await add.getByLabel('产品名称（选填）').fill('');
  await add.getByRole('textbox', { name: /粘贴多个标准号/ }).fill(`${oldNo}\nQ/ZS ${n}-2020\n`);
  await add.getByRole('button', { name: '批量添加' }).click();
  await expect(toast(page, '已添加 2 条，其中 1 条匹配到标准')).toBeVisible();

  const list = page.getByTestId('product-standards-list');
  const row = (text: string) => list.locator('li').filter({ hasText: text });
  await expect(list.locator('li')).toHaveCount(3);
  await expect(row(currentNo.toLowerCase())).toContainText('现行');
  await expect(row(currentNo.toLowerCase())).toContainText('示例灯具');
  await expect(row(oldNo)).toContainText('被代替');
  await expect(row(oldNo).getByRole('link', { name: newNo })).toBeVisible();
  await expect(row(`Q/ZS ${n}-2020`)).toContainText('未收录');
  await settle(page);
  expect(await axeProblems(page, '/my-product-standards')).toEqual([]);
  await row(`Q/ZS ${n}-2020`)
    .getByRole('button', { name: `删除 Q/ZS ${n}-2020` })
    .click();
  await expect(list.locator('li')).toHaveCount(2);

  // The office's dashboard: the figure, 小榄镇 among the towns, and the enterprise in its list.
  const context = await browser.newContext();
  const office = await context.newPage();
  await loginWithToken(office, op.token, op.mobile, '/home');
  await office.goto('/admin');
  const figure = office.getByRole('region', { name: '依赖被代替/废止标准的认证企业' });
  await expect(figure.getByTestId('exposure-count')).not.toHaveText('…');
  expect(Number(await figure.getByTestId('exposure-count').textContent())).toBeGreaterThanOrEqual(1);
  await figure.getByRole('button', { name: /^小榄镇（\d+）$/ }).click();
  await expect(figure.getByRole('button', { name: /^小榄镇/ })).toHaveAttribute('aria-pressed', 'true');
  const entry = figure.getByRole('row').filter({ hasText: company });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText(oldNo);
  await expect(entry).toContainText('被代替');
  await expect(entry.getByRole('link', { name: newNo })).toBeVisible();
  await expect(entry.getByLabel(`${company} 所在镇街`)).toContainText('按名称识别（小榄镇）');
  await context.close();
  expect(pageErrors).toEqual([]);
});
