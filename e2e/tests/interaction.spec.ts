import { expect, test } from './fixtures.ts';
import { loginWithToken, registerAndLogin, registerViaApi } from './helpers/accounts.ts';
import { axeProblems, settle } from './helpers/a11y.ts';
import { call } from './helpers/api.ts';
import { registerStaff } from './usercentre-helpers.ts';

test('a user asks a public question, the office answers it, a visitor finds it on /interaction, the asker rates it', async ({
  page,
  browser,
}) => {
  test.slow();
  const n = String(Date.now()).slice(-6);
  const title = `【示例】腊味标准在哪里查 ${n}`;

  // A visitor is asked to log in; once logged in, the form.
  await page.goto('/interaction');
  await expect(page.getByRole('button', { name: '登录后咨询' })).toBeVisible();
  await registerAndLogin(page, '/interaction');
  const form = page.getByRole('form', { name: '我要咨询' });
  await form.getByLabel('咨询类别').selectOption({ label: '标准查询' });
  await form.getByLabel('标题').fill(title);
  await form.getByLabel('咨询内容').fill('请问 <b>黄圃腊味</b> 的地方标准全文在哪里可以查阅？');
  await form.getByRole('radio', { name: '公开（答复后在本页展示，不显示提问人）' }).check();
  await form.getByRole('button', { name: '提交咨询' }).click();
  await expect(page.getByRole('status').filter({ hasText: '咨询已提交' })).toBeVisible();
  await page.goto('/my-question');
  const mine = page.getByTestId('my-question').filter({ hasText: title });
  await expect(mine.getByTestId('question-state')).toHaveText('待处理');

  // The office: the queue, the question, a template-free answer.
  const staff = await registerStaff(page.request, 'operator');
  const office = await browser.newContext();
  const op = await office.newPage();
  await loginWithToken(op, staff.token, staff.mobile, '/home');
  await op.goto('/admin/interaction');
  await op.getByRole('link', { name: title }).click();
  await expect(op.getByRole('heading', { name: title })).toBeVisible();
  await op.getByLabel(/^答复内容/).fill('您好，可在“标准检索”页输入标准名称查询全文（示例答复）。');
  await op.getByRole('button', { name: '提交答复' }).click();
  await expect(op.getByText('已答复').first()).toBeVisible();
  await office.close();

  // A visitor (no login) finds it by keyword and reads the answer; the markup stays text.
  const visitor = await browser.newContext();
  const v = await visitor.newPage();
  await v.goto('/interaction');
  await v.getByRole('search').getByLabel('关键词').fill(n);
  await v.getByRole('search').getByRole('button', { name: '搜索' }).click();
  await v.getByRole('link', { name: title }).click();
  await expect(v.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(v.getByTestId('question-content')).toHaveText('请问 <b>黄圃腊味</b> 的地方标准全文在哪里可以查阅？');
  await expect(v.getByTestId('question-answer')).toContainText('示例答复');
  await visitor.close();

  // The asker sees the answer and rates it once.
  await page.reload();
  await expect(mine.getByTestId('question-state')).toHaveText('已答复');
  await mine.getByRole('button', { name: '基本满意' }).click();
  await expect(mine.getByText('您的评价：基本满意')).toBeVisible();
  await expect(mine.getByRole('button', { name: '满意', exact: true })).toHaveCount(0);
});

test('an unanswered question past its reply deadline shows red on /admin/health, the dashboard and the queue', async ({
  page,
}) => {
  const n = String(Date.now()).slice(-6);
  const asker = await registerViaApi(page.request);
  const asked = await call<{ id: number; deadline: string }>(page.request, asker.token, 'POST', '/api/user/questions', {
    category: 'platform',
    title: `【示例】超期未答复 ${n}`,
    content: '这条咨询用于检查超期提醒。',
    isPublic: false,
  });
  expect(asked.code, asked.msg).toBe(0);
  // The server's clock cannot be moved from the browser: the development route moves the question's submission
  // and its stored deadline back 30 days instead (admin only, DEV_OUTBOX=1 servers only).
  const admin = await registerStaff(page.request, 'admin');
  const aged = await call(page.request, admin.token, 'POST', '/api/dev/age-question', { id: asked.data.id, days: 30 });
  expect(aged.code, aged.msg).toBe(0);

  await loginWithToken(page, admin.token, admin.mobile, '/home');
  await page.goto('/admin/health');
  const row = page.locator('li').filter({ hasText: '咨询留言超过答复期限' });
  await expect(row).toHaveText(/咨询留言超过答复期限：[1-9]\d* 条/);
  await expect(row).toHaveClass(/admin-level-red/);

  await page.goto('/admin');
  await expect(page.getByTestId('count-pending-questions-overdue')).toHaveClass(/admin-card-overdue/);

  await page.goto('/admin/interaction?overdue=1');
  const deadline = page.getByRole('row', { name: new RegExp(`超期未答复 ${n}`) }).getByTestId('question-deadline');
  await expect(deadline).toContainText('已超期');
  await expect(deadline).toHaveClass(/qa-overdue/);
});

test('the public pages of questions pass axe at 1920 and 390 px', async ({ page }) => {
  test.slow();
  const n = String(Date.now()).slice(-6);
  const asker = await registerViaApi(page.request);
  const staff = await registerStaff(page.request, 'operator');
  const asked = await call<{ id: number }>(page.request, asker.token, 'POST', '/api/user/questions', {
    category: 'certification',
    title: `【示例】无障碍检查用咨询 ${n}`,
    content: '企业认证需要准备哪些材料？\n第二行',
    isPublic: true,
  });
  expect(asked.code, asked.msg).toBe(0);
  const answered = await call(page.request, staff.token, 'POST', `/api/admin/questions/${asked.data.id}/answer`, {
    answer: '示例答复：营业执照等材料。',
  });
  expect(answered.code, answered.msg).toBe(0);
  const problems: string[] = [];
  for (const width of [1920, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 1080 });
    for (const path of ['/interaction', `/interaction-detail?id=${asked.data.id}`]) {
      await page.goto(path);
      await settle(page);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      problems.push(...(await axeProblems(page, `${path} at ${width}px`)));
      if (width === 390) {
        const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(sideways, `${path} scrolls sideways at 390px`).toBeLessThanOrEqual(0);
      }
    }
  }
  expect(problems).toEqual([]);
});
