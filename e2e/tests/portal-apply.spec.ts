import { test, expect } from './fixtures.ts';
import { registerAndLogin } from './helpers/accounts.ts';
import { apiGet, type Envelope } from './helpers/api.ts';
import { TINY_PNG, withCheckChar } from './portal-helpers.ts';

test('brand-product application with an upload lands on /apply-success with the reference number', async ({ page }) => {
  await registerAndLogin(page, '/standard-xiangshan');
  await page.getByRole('link', { name: '我要申请' }).first().click();
  await expect(page).toHaveURL(/\/standard-apply$/);

  const form = page.getByRole('form', { name: '香山之品申请表' });
  await form.getByLabel('企业名称').fill('中山市测试食品有限公司');
  const code = withCheckChar('91442000MA4W' + String(Date.now()).slice(-5));
  const wrong = code.slice(0, 17) + (code[17] === '0' ? '1' : '0');
  await form.getByLabel('统一社会信用代码').fill(wrong);
  await form.getByLabel('联系人').click();
  await expect(form.getByText('请输入正确的统一社会信用代码')).toBeVisible();
  await form.getByLabel('统一社会信用代码').fill(code);
  await form.getByLabel('联系人').fill('张三');
  await form.getByLabel('联系手机').fill('13800138000');
  await form.getByLabel('产品名称').fill(`测试脆肉鲩${Date.now()}`);
  await form.getByLabel('产品类别').selectOption('aquatic');
  await form.getByLabel('所在镇街').selectOption({ label: '小榄镇' });
  await form.getByLabel('执行标准编号').fill('DB4420/T 1-2020');
  await form.getByLabel('产品简介').fill('测试用产品简介，内容超过十个字符。');

  // Submitting without an attachment is refused with the shared message.
  await form.getByRole('button', { name: '提交申请' }).click();
  await expect(form.getByText('请上传至少一个附件（最多10个）')).toBeVisible();

  await page.locator('#f-attachments').setInputFiles({ name: 'licence.png', mimeType: 'image/png', buffer: TINY_PNG });
  await expect(page.getByTestId('upload-item')).toHaveAttribute('data-status', 'done');
  await expect(page.getByTestId('upload-item')).toContainText('上传成功');

  const submitted = page.waitForRequest((r) => r.url().endsWith('/api/user/applications/brand-product'));
  await form.getByRole('button', { name: '提交申请' }).click();
  const req = await submitted;
  expect(req.headers()['idempotency-key']).toMatch(/^[\w-]{8,100}$/);
  await expect(page).toHaveURL(/\/apply-success\?ref=XS\d{4}-\d{6}$/);
  const ref = new URL(page.url()).searchParams.get('ref')!;
  await expect(page.getByTestId('reference-no')).toHaveText(ref);
  await expect(page.getByText('结果通知')).toBeVisible();
  await expect(page.getByRole('link', { name: '查看我的申请' })).toHaveAttribute('href', '/my-apply');

  const mine = await page.evaluate(async () => {
    const res = await fetch('/api/user/applications?kind=brand_product', {
      headers: { Authorization: localStorage.getItem('standard-token') ?? '' },
    });
    return (await res.json()) as Envelope<{ list: { referenceNo: string }[] }>;
  });
  expect(mine.data.list.map((a) => a.referenceNo)).toContain(ref);
});

test('activity sign-up, then a second attempt shows the already-signed-up message', async ({ page, context }) => {
  const acts = await apiGet<{ list: { id: number; attrs: { signupDeadline: string; open: boolean } }[] }>(
    page,
    '/api/portal/activity?open=true&size=100',
  );
  const act = acts.list.find((a) => Date.parse(a.attrs.signupDeadline) > Date.now() + 60_000)!;
  expect(act, 'an open activity is seeded').toBeTruthy();
  await registerAndLogin(page, `/activity-detail?id=${act.id}`);
  const other = await context.newPage();
  await other.goto(`/activity-detail?id=${act.id}`);
  await expect(other.getByRole('button', { name: '报名', exact: true })).toBeVisible();

  await page.getByRole('button', { name: '报名', exact: true }).click();
  await expect(page.getByText(/报名成功，报名编号 HD\d{4}-\d{6}，剩余名额 \d+ 个/)).toBeVisible();

  // The second tab still offers the button: the server answers it.
  await other.getByRole('button', { name: '报名', exact: true }).click();
  await expect(other.getByText('您已报名该活动')).toBeVisible();
  // And a fresh visit knows it from the user's applications.
  await page.reload();
  await expect(page.getByText(/您已报名该活动（报名编号 HD\d{4}-\d{6}）/)).toBeVisible();
  await expect(page.getByRole('button', { name: '报名', exact: true })).toHaveCount(0);
});

test('a closed activity shows why sign-up is not possible', async ({ page }) => {
  const acts = await apiGet<{ list: { id: number }[] }>(page, '/api/portal/activity?open=false&size=1');
  await registerAndLogin(page, `/activity-detail?id=${acts.list[0]!.id}`);
  await expect(page.getByText('本活动未开放报名')).toBeVisible();
  await expect(page.getByRole('button', { name: '报名', exact: true })).toHaveCount(0);
});

test('a logged-in user applies for a service', async ({ page }) => {
  const list = await apiGet<{ list: { id: number }[] }>(page, '/api/portal/service?size=1');
  await registerAndLogin(page, `/service-detail?id=${list.list[0]!.id}`);
  await page.getByRole('button', { name: '申请服务' }).click();
  const form = page.getByRole('region', { name: '申请服务' });
  await form.getByLabel('联系人').fill('李四');
  await form.getByLabel('联系手机').fill('138001');
  await form.getByLabel('服务需求').fill('需要标准查新服务，了解相关标准。');
  await form.getByRole('button', { name: '提交申请' }).click();
  await expect(form.getByText('请输入11位中国大陆手机号')).toBeVisible();
  await form.getByLabel('联系手机').fill('13900139000');
  await form.getByRole('button', { name: '提交申请' }).click();
  await expect(page.getByText(/服务申请已提交，申请编号：FW\d{4}-\d{6}/)).toBeVisible();
});
