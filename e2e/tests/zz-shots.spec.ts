import { test, expect } from './fixtures.ts';
import { loginWithToken } from './helpers/accounts.ts';
import { E2E_ADMIN, loginAdmin } from './helpers/admin.ts';
import { call } from './usercentre-helpers.ts';

test('console screenshots', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const token = await loginAdmin(page.request);
  await loginWithToken(page, token, E2E_ADMIN.mobile, '/home');
  const news = await call<{ list: Array<{ id: number }> }>(page.request, token, 'GET', '/api/admin/content/news?size=5');
  const shots: [string, string, string][] = [
    ['dashboard', '/admin', '运营概览'],
    ['news-list', '/admin/content/news', '新建资讯'],
    ['news-editor', `/admin/content/news/${news.data.list[0]!.id}`, '保存'],
    ['import', '/admin/import', '标准数据导入'],
    ['health', '/admin/health', '超期未处理'],
    ['home-blocks', '/admin/content/home', '保存置顶'],
    ['categories', '/admin/content/categories', '保存类别'],
  ];
  for (const [name, path, text] of shots) {
    await page.goto(path);
    await expect(page.getByText(text).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: `/work/shots/${name}.png`, fullPage: false });
    await page.screenshot({ path: `/work/shots/${name}-full.png`, fullPage: true });
  }
});
