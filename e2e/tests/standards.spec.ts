import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { registerAndLogin } from './helpers/accounts.ts';
import { envelope } from './helpers/api.ts';

/** A seeded standard that has the demo full text attached (the seed picks current national standards). */
async function standardWithFulltext(request: APIRequestContext): Promise<{ id: number; standardNo: string }> {
  const page = await envelope<{ list: { id: number; standardNo: string }[] }>(
    await request.get('/api/portal/standards?status=current&sort=implement&size=50'),
  );
  for (const s of page.data.list) {
    const info = await envelope<{ hasFulltext: boolean }>(await request.get(`/api/portal/standards/${s.id}/fulltext/info`));
    if (info.data.hasFulltext) return s;
  }
  throw new Error('no seeded standard has a full text');
}

test.describe('standard search', () => {
  test('finds a standard by its number and by a keyword, with highlighted titles', async ({ page, pageErrors }) => {
    await page.goto('/standard-search');
    await expect(page).toHaveTitle(/标准检索/);
    const box = page.getByRole('combobox', { name: '检索关键词' });
    await box.fill('GB55002-2021');
    await box.press('Enter');
    await expect(page).toHaveURL(/keyword=GB55002-2021/);
    const first = page.getByTestId('std-result').first();
    await expect(first).toContainText('GB 55002-2021');
    await expect(first).toContainText('建筑与市政工程抗震通用规范');

    await box.fill('抗震');
    await expect(page.getByTestId('std-suggest')).toBeVisible();
    await box.press('Enter');
    await expect(page.getByTestId('std-total')).toContainText(/共找到 \d+ 条标准/);
    const hits = page.locator('[data-testid="std-result"] em.std-hit');
    await expect(hits.first()).toHaveText(/抗|震|抗震/);
    expect(pageErrors).toEqual([]);
  });

  test('filters and pages through results, and back/forward restore the URL state', async ({ page, pageErrors }) => {
    await page.goto('/standard-search');
    const total = page.getByTestId('std-total');
    await expect(total).toBeVisible();
    await page.getByLabel('标准状态').selectOption('current');
    await expect(page).toHaveURL(/status=current/);
    await expect(page.getByTestId('std-result').first()).toBeVisible();
    const statuses = await page
      .locator('[data-testid="std-result"] [data-status]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-status')));
    expect(statuses.length).toBeGreaterThan(0);
    expect(new Set(statuses)).toEqual(new Set(['current']));

    const firstOnPage1 = await page.getByTestId('std-result').first().textContent();
    await page.getByRole('button', { name: '第 2 页' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByTestId('std-result').first()).not.toHaveText(firstOnPage1!);
    await page.goBack();
    await expect(page).not.toHaveURL(/page=2/);
    await expect(page.getByTestId('std-result').first()).toHaveText(firstOnPage1!);
    await expect(page.getByLabel('标准状态')).toHaveValue('current');
    expect(pageErrors).toEqual([]);
  });

  test('a logged-in user opens a detail, collects it and reads the first 3 pages', async ({ page, pageErrors }) => {
    const std = await standardWithFulltext(page.request);
    const user = await registerAndLogin(page, `/standard-search?keyword=${encodeURIComponent(std.standardNo)}`);
    await page.getByTestId('std-result').first().getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/standard-detail\\?id=${std.id}$`));
    const detail = page.getByTestId('std-detail');
    await expect(detail).toContainText(std.standardNo);
    await expect(detail).toContainText('数据来源：Arch-Standards-Index，CC BY 4.0');

    const collect = detail.getByTestId('collect-button').first();
    await expect(collect).toHaveAttribute('aria-pressed', 'false');
    await collect.click();
    await expect(collect).toHaveAttribute('aria-pressed', 'true');
    await expect(collect).toHaveText(/已收藏/);
    const mine = await envelope<{ list: { itemType: string; itemId: number }[] }>(
      await page.request.get('/api/user/collections?itemType=standard', { headers: { authorization: user.token } }),
    );
    expect(mine.data.list.map((e) => e.itemId)).toContain(std.id);

    await expect(page.getByTestId('std-limited')).toHaveText('仅可阅读前 3 页，完成企业认证后可阅读全文并下载');
    await expect(page.getByRole('button', { name: /下载全文/ })).toHaveCount(0);
    await page.getByRole('button', { name: /在线阅读/ }).click();
    const canvas = page.getByTestId('std-reader-canvas');
    await expect(canvas).toHaveAttribute('data-rendered-page', '1', { timeout: 15_000 });
    await expect(page.getByTestId('std-reader-pages')).toHaveText('第 1 页 / 可阅读 3 页');
    const box = await canvas.boundingBox();
    expect(box!.width).toBeGreaterThan(200);
    await page.getByRole('button', { name: '下一页' }).click();
    await page.getByRole('button', { name: '下一页' }).click();
    await expect(canvas).toHaveAttribute('data-rendered-page', '3');
    await expect(page.getByRole('button', { name: '下一页' })).toBeDisabled();

    // The status of the results page shows the collected flag too (one status request per page).
    await page.goto(`/standard-search?keyword=${encodeURIComponent(std.standardNo)}`);
    await expect(page.getByTestId('std-result').first().getByTestId('collect-button')).toHaveAttribute('aria-pressed', 'true');
    expect(pageErrors).toEqual([]);
  });

  test('a visitor asked to log in when collecting from the results', async ({ page }) => {
    await page.goto('/standard-search');
    await page.getByTestId('std-result').first().getByTestId('collect-button').click();
    await expect(page.getByRole('dialog', { name: '用户登录' })).toBeVisible();
  });

  test('the Zhongshan page is honest about its data and takes missing-standard reports', async ({ page, pageErrors }) => {
    await page.goto('/standard-zhongshan');
    await expect(page.getByText(/DB4420\/T（中山市地方标准）/)).toBeVisible();
    await expect(page.getByTestId('std-total')).toBeVisible();
    const report = page.getByTestId('std-report');
    await report.getByRole('button', { name: '提交反馈' }).click();
    await expect(report.getByText('请填写标准号')).toBeVisible();
    await report.getByLabel('标准号').fill('DB4420/T 99-2099');
    await report.getByLabel('标准名称').fill('示例：浏览器测试提交的缺失标准');
    await report.getByLabel('在何处看到该标准').fill('浏览器测试');
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/portal/standards/missing-reports'));
    await report.getByRole('button', { name: '提交反馈' }).click();
    const req = await sent;
    expect(req.headers()['content-type']).toContain('application/x-www-form-urlencoded');
    expect(req.postData()).toContain('region=zhongshan');
    await expect(report.getByText('感谢反馈，平台运营人员核实后将补充该标准')).toBeVisible();
    expect(pageErrors).toEqual([]);
  });
});
