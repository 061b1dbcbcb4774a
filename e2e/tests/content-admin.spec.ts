import { test, expect } from './fixtures.ts';
import { loginWithToken, registerAndLogin } from './helpers/accounts.ts';
import { TINY_PNG } from './portal-helpers.ts';
import { registerStaff } from './usercentre-helpers.ts';

test('an operator publishes a news item with bold text and an image; a visitor finds it on /news and its detail', async ({
  page,
  browser,
  pageErrors,
}) => {
  test.slow();
  // The operator is made by the administrator that `npm run admin:create` set up before the server started.
  const staff = await registerStaff(page.request, 'operator');
  await loginWithToken(page, staff.token, staff.mobile, '/home');
  await page.goto('/admin');
  await page.getByRole('navigation', { name: '运营后台' }).getByRole('link', { name: '内容管理' }).click();
  await expect(page).toHaveURL(/\/admin\/content$/);
  await expect(page.getByRole('table')).toBeVisible();
  await page.getByRole('button', { name: '新建资讯' }).click();
  await expect(page).toHaveURL(/\/admin\/content\/news\/new$/);

  const title = `平台内容发布测试${Date.now() % 1_000_000}`;
  await page.getByRole('textbox', { name: '标题', exact: true }).fill(title);
  const body = page.getByRole('textbox', { name: '正文' });
  await body.click();
  await page.keyboard.type('本平台今日上线，');
  await page.keyboard.press('Control+b');
  await page.keyboard.type('欢迎企业使用');
  await page.keyboard.press('Control+b');
  await page.keyboard.type('。');
  await expect(body.locator('strong')).toHaveText('欢迎企业使用');
  await page.getByLabel('插入图片文件').setInputFiles({ name: '配图.png', mimeType: 'image/png', buffer: TINY_PNG });
  await expect(body.locator('img')).toHaveAttribute('src', /^\/api\/content\/files\/\d+\/[0-9a-f]{16}$/);

  await page.getByRole('button', { name: '发布', exact: true }).click();
  // Save, publish and reload are three calls; a loaded CI machine may need longer than the default.
  await expect(page).toHaveURL(/\/admin\/content\/news\/\d+$/, { timeout: 30_000 });
  await expect(page.locator('.content-state')).toContainText('已发布', { timeout: 30_000 });

  // A visitor (fresh context, no token) finds it in the list and opens the detail.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/news');
  await visitor.getByRole('link', { name: title }).click();
  await expect(visitor).toHaveURL(/\/news-detail\?id=\d+$/);
  await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(visitor.locator('.rich-text strong')).toHaveText('欢迎企业使用');
  const img = visitor.locator('.rich-text img');
  await expect(img).toHaveAttribute('src', /^\/api\/content\/files\/\d+\/[0-9a-f]{16}$/);
  // The image really loads for a visitor (naturalWidth is 0 for a broken image).
  await expect
    .poll(() => img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth))
    .toBe(1);
  expect(pageErrors).toEqual([]);
});

test('a plain user opening the content console is told it is for staff', async ({ page }) => {
  await registerAndLogin(page, '/home');
  await page.goto('/admin/content/news');
  await expect(page.getByRole('heading', { name: '无权访问' })).toBeVisible();
  await expect(page.getByText('运营后台仅向运营人员和管理员开放。')).toBeVisible();
});
