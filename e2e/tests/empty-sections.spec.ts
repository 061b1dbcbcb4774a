import { test, expect } from './fixtures.ts';
import type { Page } from '@playwright/test';
import { loginWithToken, toast } from './helpers/accounts.ts';
import { loginAdmin } from './helpers/admin.ts';
import { apiGet, call } from './helpers/api.ts';
import { registerStaff } from './usercentre-helpers.ts';

/**
 * Issue 30 (运营人员): after the office takes a section's content down, the section says so plainly; with
 * 隐藏空栏目 switched on in 站点设置 it leaves the navigation and /home, and comes back once it has content.
 * 标准化示范 sits in the 中山标准 group, so hiding its link leaves the group (and other specs' checks of it) in place.
 */
const PAGE = '/standard-demonstration';
const TILE = '标准化示范';

const navLink = (page: Page) => page.locator(`nav[aria-label="主导航"] a[href="${PAGE}"]`);
const homeTile = (page: Page) => page.locator('.home-section-card', { hasText: TILE });
const programme = (page: Page) => page.locator('.programme-card', { hasText: TILE });

/** /home once its tiles and figures are drawn (another tile and a figure are there to compare with). */
async function openHome(page: Page) {
  await page.goto('/home');
  await expect(page.locator('.home-section-card', { hasText: '人才库' })).toBeVisible();
  await expect(page.getByTestId('home-stats')).toBeVisible();
}

test('an emptied section says so plainly; 隐藏空栏目 takes it out of the navigation and /home until it has content again', async ({
  page,
  browser,
  pageErrors,
}) => {
  test.slow();
  const admin = await registerStaff(page.request, 'admin');
  const context = await browser.newContext();
  const console = await context.newPage();
  await loginWithToken(console, admin.token, admin.mobile, '/home');
  const root = await loginAdmin(page.request);
  const published = await apiGet<{ total: number }>(page, '/api/portal/demonstration?size=1');
  expect(published.total, 'the demo content fills 标准化示范').toBeGreaterThan(0);

  try {
    // The office takes every 标准化示范 item down in the content console.
    await console.goto('/admin/content/demonstration');
    const rows = console.locator('.ant-table-tbody tr.ant-table-row');
    await expect(rows.first()).toBeVisible();
    await console.locator('.ant-table-thead input[type="checkbox"]').check();
    await console.getByRole('button', { name: '批量下线' }).click();
    await expect(toast(console, /下线 \d+ 条/)).toBeVisible();
    await expect.poll(async () => (await apiGet<{ total: number }>(page, '/api/portal/demonstration?size=1')).total).toBe(0);

    // A visitor opening the section reads one plain sentence: no search box, filters, count or pager.
    const res = await page.goto(PAGE);
    expect(res?.status()).toBe(200);
    await expect(page.getByTestId('section-empty')).toContainText('本栏目暂无内容');
    await expect(page.getByRole('group', { name: '级别' })).toHaveCount(0);
    await expect(page.getByRole('textbox')).toHaveCount(0);
    await expect(page.getByTestId('list-total')).toHaveCount(0);
    // With the choice off (the default) the link and the tile stay.
    await openHome(page);
    await expect(homeTile(page)).toBeVisible();
    await expect(navLink(page)).toHaveCount(1);

    // The office switches 隐藏空栏目 on; the console names the empty section.
    await console.goto('/admin/settings');
    const panel = console.getByRole('region', { name: '空栏目' });
    await expect(panel.getByTestId('empty-sections')).toContainText(TILE);
    const sw = panel.getByRole('switch', { name: '隐藏空栏目' });
    await expect(sw).toHaveAttribute('aria-checked', 'false');
    await sw.click();
    await expect(toast(console, '已开启：没有内容的栏目不在导航和首页显示')).toBeVisible();
    await expect(sw).toHaveAttribute('aria-checked', 'true');
    await expect(panel.getByTestId('empty-sections')).toContainText('已在导航和首页隐藏');

    // Home: no tile, no programme card and no 0 figure; the header has no link to the empty section.
    await openHome(page);
    await expect(homeTile(page)).toHaveCount(0);
    await expect(programme(page)).toHaveCount(0);
    await expect(page.locator('.programme-card', { hasText: '香山之品' })).toBeVisible();
    await expect(page.locator('.stat-card .stat-value').filter({ hasText: /^0$/ })).toHaveCount(0);
    await expect(navLink(page)).toHaveCount(0);
    await page.getByRole('navigation', { name: '主导航' }).getByRole('button', { name: '中山标准', exact: true }).hover();
    await expect(
      page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '标准体系', exact: true }),
    ).toBeVisible();
    // A direct visit (an old bookmark) still reads the plain message, never a 404.
    const direct = await page.goto(PAGE);
    expect(direct?.status()).toBe(200);
    await expect(page.getByTestId('section-empty')).toContainText('本栏目暂无内容');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('标准化示范');

    // The office publishes the section's items again: tile, card and link come back by themselves.
    await console.goto('/admin/content/demonstration');
    await expect(rows.first()).toBeVisible();
    await console.locator('.ant-table-thead input[type="checkbox"]').check();
    await console.getByRole('button', { name: /批量发布/ }).click();
    await expect(toast(console, /发布 \d+ 条/)).toBeVisible();
    await openHome(page);
    await expect(homeTile(page)).toBeVisible();
    await expect(programme(page)).toBeVisible();
    await expect(navLink(page)).toHaveCount(1);
    await page.getByRole('navigation', { name: '主导航' }).getByRole('button', { name: '中山标准', exact: true }).hover();
    await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: TILE, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${PAGE}$`));
    await expect(page.getByTestId('list-total').locator('strong')).toHaveText(String(published.total));
    expect(pageErrors).toEqual([]);
  } finally {
    // Leave the shared server as the other specs expect it: the choice off, the demo items published.
    expect((await call(page.request, root, 'PUT', '/api/admin/settings/sections', { hideEmptySections: false })).code).toBe(0);
    const list = await call<{ list: Array<{ id: number; status: string }> }>(
      page.request,
      root,
      'GET',
      '/api/admin/content/demonstration?size=20',
    );
    const down = list.data.list.filter((r) => r.status === 'unpublished').map((r) => r.id);
    if (down.length)
      await call(page.request, root, 'POST', '/api/admin/content/demonstration/bulk', { ids: down, action: 'publish' });
    await context.close();
  }
});
