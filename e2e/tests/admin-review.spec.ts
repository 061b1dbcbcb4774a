import { test, expect } from './fixtures.ts';
import { loginWithToken, registerAndLogin, registerViaApi, toast } from './helpers/accounts.ts';
import { TINY_PNG, withCheckChar } from './portal-helpers.ts';
import { call, envelope } from './helpers/api.ts';
import { applyBrandProduct, confirmDialog, registerStaff } from './usercentre-helpers.ts';

/** A standard that has a full text (the demo seed attaches two), or null. */
async function standardWithFulltext(request: import('@playwright/test').APIRequestContext): Promise<number | null> {
  const list = (
    await envelope<{ list: Array<{ id: number }> }>(await request.get('/api/portal/standards?status=current&size=50'))
  ).data.list;
  for (const s of list) {
    const info = (
      await envelope<{ hasFulltext: boolean } | null>(await request.get(`/api/portal/standards/${s.id}/fulltext/info`))
    ).data;
    if (info?.hasFulltext) return s.id;
  }
  return null;
}

test('certification: submitted with a PNG licence, approved by an operator, the user is told and gains download rights', async ({
  page,
  browser,
}) => {
  // A long walk through two browsers.
  test.slow();
  const user = await registerAndLogin(page, '/enterprise-auth');
  const company = `中山市认证测试${Date.now() % 1_000_000}有限公司`;
  const code = withCheckChar('91442000MA5' + String(Date.now()).slice(-6));

  const form = page.getByRole('form', { name: '企业认证表单' });
  await form.getByLabel('企业名称').fill(company);
  await form.getByLabel('统一社会信用代码').fill(code.slice(0, 17) + (code[17] === '0' ? '1' : '0'));
  await form.getByLabel('法定代表人').click();
  await expect(form.getByText('请输入正确的统一社会信用代码')).toBeVisible();
  await form.getByLabel('统一社会信用代码').fill(code);
  await form.getByLabel('法定代表人').fill('李四');
  await form.getByLabel('联系人', { exact: true }).fill('王五');
  await form.getByLabel('联系人手机').fill('13800138000');
  await form.getByRole('button', { name: '提交认证' }).click();
  await expect(form.getByText('请上传营业执照（PNG、JPG 图片或 PDF 文件）')).toBeVisible();
  await page.locator('#f-licence').setInputFiles({ name: 'licence.png', mimeType: 'image/png', buffer: TINY_PNG });
  await expect(page.getByTestId('licence-file')).toContainText('licence.png');
  await form.getByRole('button', { name: '提交认证' }).click();
  await expect(page.getByTestId('certification-status')).toHaveAttribute('data-status', 'pending');
  await expect(page.getByTestId('certification-status')).toContainText('待审核');

  // Before approval: not certified, full-text download refused.
  const fulltextId = await standardWithFulltext(page.request);
  expect(fulltextId, 'a standard with a demo full text').not.toBeNull();
  const before = await call(page.request, user.token, 'GET', `/api/portal/standards/${fulltextId}/fulltext/download`);
  expect(before.code).toBe(403);

  // The operator works the queue in another browser.
  const staff = await registerStaff(page.request, 'operator');
  const opContext = await browser.newContext();
  const op = await opContext.newPage();
  await loginWithToken(op, staff.token, staff.mobile, '/home');
  await op.goto('/admin');
  await expect(op.getByRole('heading', { name: '运营概览' })).toBeVisible();
  await expect(op.getByTestId('count-pending-certifications').locator('.admin-card-count')).not.toHaveText('—');
  await op.getByTestId('count-pending-certifications').click();
  await expect(op).toHaveURL(/\/admin\/certifications\?status=pending$/);
  await op.getByRole('button', { name: `审核 ${company}` }).click();
  const drawer = op.locator('.ant-drawer');
  await expect(drawer.getByText(code)).toBeVisible();
  await expect(drawer.getByRole('img', { name: '营业执照：licence.png' })).toBeVisible();

  // A rejection needs a reason.
  await drawer.getByRole('button', { name: '驳回', exact: true }).click();
  const reasonDialog = op.getByRole('dialog', { name: '驳回企业认证' });
  await reasonDialog.getByRole('button', { name: '确认驳回' }).click();
  await expect(reasonDialog.getByText('驳回时请填写驳回原因')).toBeVisible();
  await reasonDialog.getByRole('button', { name: '取消' }).click();

  await drawer.getByRole('button', { name: '通过', exact: true }).click();
  await confirmDialog(op);
  await expect(toast(op, '已通过认证')).toBeVisible();
  await opContext.close();

  // The user sees the message with the bell dot, reads it, the dot goes.
  await page.goto('/home');
  await expect(page.getByTestId('unread-dot')).toBeVisible();
  await page
    .getByRole('link', { name: /我的消息/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/my-message$/);
  const row = page.getByTestId('message-row').filter({ hasText: '企业认证' }).first();
  await expect(row).toHaveAttribute('data-read', 'false');
  await row.getByRole('link').click();
  await expect(page).toHaveURL(/\/message-detail\?id=\d+$/);
  await expect(page.getByTestId('message-detail')).toContainText(company);
  await expect(page.getByTestId('unread-dot')).toHaveCount(0);

  // Rights applied.
  const info = await call<{ certified: boolean }>(page.request, user.token, 'POST', '/api/sys/auth/getUserInfo');
  expect(info.data.certified).toBe(true);
  const dl = await page.request.get(`/api/portal/standards/${fulltextId}/fulltext/download`, {
    headers: { authorization: user.token },
  });
  expect(dl.headers()['content-type']).toContain('application/pdf');
  expect((await dl.body()).subarray(0, 5).toString()).toBe('%PDF-');

  await page.goto('/enterprise-auth');
  await expect(page.getByTestId('certification-status')).toHaveAttribute('data-status', 'approved');
  await expect(page.getByText(`已认证：${company}`, { exact: false })).toBeVisible();
});

test('application review: operator accepts, then rejects with a reason; the user sees the timeline', async ({
  page,
  browser,
}) => {
  // A long walk through two browsers.
  test.slow();
  const user = await registerViaApi(page.request);
  const product = `审核测试产品${Date.now() % 1_000_000}`;
  const created = await applyBrandProduct(page.request, user.token, {
    enterpriseName: '中山市审核测试有限公司',
    productName: product,
    description: '用于运营审核测试的产品简介。',
    creditPrefix: '91442000MA6',
  });

  const staff = await registerStaff(page.request, 'operator');
  const ctx = await browser.newContext();
  const op = await ctx.newPage();
  await loginWithToken(op, staff.token, staff.mobile, '/home');
  await op.goto('/admin/applications?status=submitted');
  await op.getByRole('button', { name: `处理 ${created.referenceNo}` }).click();
  const drawer = op.locator('.ant-drawer');
  await expect(drawer.getByText(product).first()).toBeVisible();
  await drawer.getByRole('button', { name: '受理', exact: true }).click();
  await op.getByRole('dialog', { name: '受理申请' }).getByRole('button', { name: '确认受理' }).click();
  await expect(toast(op, '已受理')).toBeVisible();
  await expect(drawer.getByTestId('admin-application-status')).toHaveText('受理');
  await drawer.getByRole('button', { name: '驳回', exact: true }).click();
  const reject = op.getByRole('dialog', { name: '驳回申请' });
  await reject.getByLabel('驳回原因（必填）').fill('材料不完整，请补充检测报告');
  await reject.getByRole('button', { name: '确认驳回' }).click();
  await expect(drawer.getByTestId('admin-application-status')).toHaveText('驳回');
  await ctx.close();

  await loginWithToken(page, user.token, user.mobile, `/geographical-detail?id=${created.id}`);
  await expect(page.getByTestId('application-status')).toHaveText('驳回');
  await expect(page.getByTestId('timeline-item')).toHaveCount(3);
  await expect(page.getByTestId('timeline-item').last()).toContainText('材料不完整，请补充检测报告');
  await expect(page.getByRole('button', { name: '撤回申请' })).toHaveCount(0);
});

test('the console refuses a normal user with 无权访问 and offers a visitor the login', async ({ page }) => {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: '运营后台登录' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: '用户登录' })).toBeVisible();
  await registerAndLogin(page, '/home');
  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { name: '无权访问' })).toBeVisible();
  // No public header on the console.
  await expect(page.getByTestId('header-user')).toHaveCount(0);
});

test('an admin lists users and disables one; the disabled user cannot call the API', async ({ page }) => {
  const victim = await registerViaApi(page.request);
  const admin = await registerStaff(page.request, 'admin');
  await loginWithToken(page, admin.token, admin.mobile, '/home');
  await page.goto('/admin/users');
  await page.getByLabel('搜索用户').fill(victim.username);
  await page.getByRole('button', { name: '搜索' }).click();
  const table = page.getByRole('table', { name: '用户列表' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText('正常');
  await page.getByRole('button', { name: `停用 ${victim.username}` }).click();
  await confirmDialog(page);
  await expect(table).toContainText('已停用');
  const res = await call(page.request, victim.token, 'POST', '/api/sys/auth/getUserInfo');
  expect(res.code).toBe(401);
});

test('an admin makes a user an operator; the change shows in the audit log', async ({ page }) => {
  const target = await registerViaApi(page.request);
  const admin = await registerStaff(page.request, 'admin');
  await loginWithToken(page, admin.token, admin.mobile, '/home');
  await page.goto('/admin/users');
  await page.getByLabel('搜索用户').fill(target.username);
  await page.getByRole('button', { name: '搜索' }).click();
  const table = page.getByRole('table', { name: '用户列表' });
  await expect(table.getByRole('row')).toHaveCount(2);
  const roleSelect = table.getByLabel(`${target.username} 的角色`);
  await expect(roleSelect).toHaveValue('user');
  await roleSelect.selectOption('operator');
  await confirmDialog(page);
  await expect(toast(page, '角色已更新')).toBeVisible();
  await expect(roleSelect).toHaveValue('operator');
  const info = await call<{ role: string }>(page.request, target.token, 'POST', '/api/sys/auth/getUserInfo');
  expect(info.data.role).toBe('operator');

  await page.getByRole('navigation', { name: '运营后台' }).getByRole('link', { name: '审计日志' }).click();
  await expect(page).toHaveURL(/\/admin\/audit-log$/);
  await page.getByLabel('操作类型').selectOption({ label: '角色变更' });
  const row = page.getByRole('table', { name: '审计日志' }).getByRole('row').filter({ hasText: target.username });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(admin.username);
  await expect(row).toContainText('普通用户 → 运营人员');
});

test('an operator rejects a missing-standard report sent through the public form API', async ({ page }) => {
  const standardNo = `DB4420/T ${Date.now() % 100_000}-2099`;
  const sent = await page.request.post('/api/portal/standards/missing-reports', {
    form: { standardNo, title: '示例：运营处理测试的缺失标准', seenAt: '浏览器测试', region: 'shenzhen' },
  });
  const body = await envelope(sent);
  expect(body.code, body.msg).toBe(0);

  const op = await registerStaff(page.request, 'operator');
  await loginWithToken(page, op.token, op.mobile, '/home');
  await page.goto('/admin');
  await page.getByTestId('count-pending-missing-reports').click();
  await expect(page).toHaveURL(/\/admin\/missing-reports$/);
  const table = page.getByRole('table', { name: '缺失标准反馈列表' });
  const row = table.getByRole('row').filter({ hasText: standardNo });
  await expect(row).toContainText('深圳标准');
  await expect(row).toContainText('待处理');
  await row.getByRole('button', { name: `驳回 ${standardNo}` }).click();
  const dialog = page.getByRole('dialog', { name: `驳回反馈「${standardNo}」` });
  await dialog.getByRole('textbox').fill('示例：该编号尚未发布');
  await dialog.getByRole('button', { name: '确认驳回' }).click();
  await expect(toast(page, '已驳回，反馈人已收到通知')).toBeVisible();
  await expect(row).toHaveCount(0);
  await page.getByRole('tab', { name: '已驳回' }).click();
  await expect(row).toContainText('已驳回');
  await expect(row.getByRole('button')).toHaveCount(0);
  // An operator is not shown the audit log.
  await expect(page.getByRole('navigation', { name: '运营后台' }).getByRole('link', { name: '审计日志' })).toHaveCount(0);
});
