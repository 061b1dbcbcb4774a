import { test, expect, rootFontSize } from './fixtures.ts';

/**
 * docs/product.md §2/§6, transcribed here independently of the app's route table:
 * [path, top-level nav item highlighted (checkIndex) or null, guarded].
 */
const ROUTES: [string, number | null, boolean][] = [
  ['/home', 1, false],
  ['/standard-search', 2, false],
  ['/standard-detail', 2, true],
  ['/standard-zhongshan', 3, false],
  ['/standard-zsDetail', 3, true],
  ['/standard-shenzhen', 4, false],
  ['/standard-szDetail', 4, true],
  ['/standard-xiangshan', 3, false],
  ['/standard-demonstration', 3, false],
  ['/standard-system', 3, false],
  ['/standard-apply', 10, true],
  ['/apply-success', 10, false],
  ['/standard-xsDetail', null, false],
  ['/training-material', 9, false],
  ['/training-detail', 9, true],
  ['/patent-index', null, false],
  ['/result-shenzhen', 4, false],
  ['/result-show', null, false],
  ['/result-detail', null, false],
  ['/service-platform', 5, false],
  ['/service-detail', 5, false],
  ['/activity', 10, false],
  ['/activity-enterprise', null, false],
  ['/activity-standard', null, false],
  ['/activity-detail', null, true],
  ['/talent-pool', 7, false],
  ['/talent-detail', 7, false],
  ['/standard-plus', 6, false],
  ['/standard-plus-detail', null, false],
  ['/news', 8, false],
  ['/news-detail', null, false],
  ['/data-map', 11, false],
  ['/data-map-detail', null, false],
  ['/my-collection', null, true],
  ['/my-apply', null, true],
  ['/geographical-detail', null, false],
  ['/my-message', null, true],
  ['/message-detail', null, true],
  ['/my-setting', null, true],
  ['/enterprise-auth', null, true],
  ['/privacy', null, false],
];

const SITE = '中山市标准信息公共服务平台';

test.describe('every route as a visitor', () => {
  for (const [path, checkIndex, guarded] of ROUTES) {
    test(`${path}${guarded ? ' (guarded → /home)' : ''}`, async ({ page, pageErrors }) => {
      await page.goto(path);
      const current = page.locator('nav[aria-label="主导航"] [aria-current="page"]');
      if (guarded) {
        await expect(page).toHaveURL(/\/home$/);
        await expect(page).toHaveTitle(`首页 - ${SITE}`);
        await expect(current).toHaveAttribute('data-check-index', '1');
        // The login dialog opens so the visitor can get to where they were going.
        await expect(page.getByRole('dialog')).toContainText('密码登录');
      } else {
        await expect(page).toHaveURL(new RegExp(`${path}$`));
        await expect(page).toHaveTitle(new RegExp(` - ${SITE}$`));
        await expect(page.locator('.app-main')).not.toBeEmpty();
        if (checkIndex === null) await expect(current).toHaveCount(0);
        else await expect(current).toHaveAttribute('data-check-index', String(checkIndex));
      }
      expect(pageErrors).toEqual([]);
    });
  }

  test('/standard-search has the title 标准检索', async ({ page }) => {
    await page.goto('/standard-search');
    await expect(page).toHaveTitle(/标准检索/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('标准检索');
  });

  test('/ redirects to /home', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/home$/);
  });

  test('an unknown path answers HTTP 404 and shows the not-found page', async ({ page, pageErrors }) => {
    const response = await page.goto('/no-such-page-here');
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId('not-found')).toBeVisible();
    await expect(page.getByText('404 页面不存在')).toBeVisible();
    await expect(page.getByRole('link', { name: '返回首页' })).toHaveAttribute('href', '/home');
    await expect(page).toHaveTitle(`页面不存在 - ${SITE}`);
    // Chromium reports the page's own 404 status on the console (docs/decisions/0078); nothing else may appear.
    expect(pageErrors).toEqual(['console: Failed to load resource: the server responded with a status of 404 (Not Found)']);
  });
});

test.describe('layout', () => {
  test('root font size scales with the window width', async ({ page }) => {
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.goto('/home');
    expect(await rootFontSize(page)).toBe('15px');
    await page.setViewportSize({ width: 1440, height: 900 });
    await expect.poll(() => rootFontSize(page)).toBe('11.25px');
  });

  test('root font is 11.25px when the page opens at 1440', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/news');
    expect(await rootFontSize(page)).toBe('11.25px');
  });

  test('footer shows the contact cards, 平台运营人员 first', async ({ page, pageErrors }) => {
    await page.goto('/home');
    const cards = page.getByTestId('contact-card');
    await expect(cards.first()).toBeVisible();
    const count = await cards.count();
    expect(count).toBeGreaterThan(0);
    await expect(cards.first()).toContainText('平台运营人员');
    for (let i = 1; i < count; i++) await expect(cards.nth(i)).toContainText('平台技术人员');
    const terms = page.getByRole('link', { name: '用户协议与隐私政策' });
    await expect(terms).toHaveAttribute('href', '/privacy?type=1');
    await expect(terms).toHaveAttribute('target', '_blank');
    expect(pageErrors).toEqual([]);
  });

  test('home search hands the keyword to 标准检索', async ({ page }) => {
    await page.goto('/home');
    await page.getByRole('combobox', { name: '标准检索关键词' }).fill('GB 55001');
    await page.getByRole('button', { name: '检索' }).click();
    await expect(page).toHaveURL(/\/standard-search\?keyword=GB(%20|\+)55001$/);
  });

  test('nav dropdown opens on keyboard focus and its links navigate', async ({ page }) => {
    await page.goto('/home');
    const group = page.locator('nav[aria-label="主导航"] [data-check-index="3"]');
    await group.focus();
    await expect(group).toHaveAttribute('aria-expanded', 'true');
    const link = page.getByRole('link', { name: '香山之品' }).first();
    await expect(link).toBeVisible();
    await link.click();
    await expect(page).toHaveURL(/\/standard-xiangshan$/);
    await expect(page.locator('nav[aria-label="主导航"] [aria-current="page"]')).toHaveAttribute('data-check-index', '3');
  });

  test('below 768px the navigation moves into a menu and text keeps a readable size', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/home');
    expect(await rootFontSize(page)).toBe('14px');
    await expect(page.locator('.site-nav-desktop')).toBeHidden();
    await page.getByRole('button', { name: '打开导航菜单' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('link', { name: '政策资讯' }).click();
    await expect(page).toHaveURL(/\/news$/);
  });
});
