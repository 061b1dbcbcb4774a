import { test, expect } from './fixtures.ts';

/** Issue 30, a visitor on a phone (390 px): search, batch check and care mode. */
test.use({ viewport: { width: 390, height: 844 } });

test('after a search the first results show without scrolling; the filters fold behind one button', async ({
  page,
  pageErrors,
}) => {
  await page.goto('/standard-search');
  const box = page.getByRole('combobox', { name: '检索关键词' });
  await box.fill('建筑');
  await box.press('Enter');
  const first = page.getByTestId('std-result').first();
  await expect(first).toBeVisible();
  // Within the first screen, not below eleven filters.
  await expect(first).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  const toggle = page.getByRole('button', { name: '筛选与排序' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByLabel('标准级别')).toBeHidden();
  await page.screenshot({ path: '/tmp/shots/phone-search.png' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await page.getByLabel('标准级别').selectOption({ label: '国家标准' });
  await expect(page).toHaveURL(/level=/);
  await expect(page.getByRole('button', { name: '筛选与排序（已设置筛选）' })).toBeVisible();
  expect(pageErrors).toEqual([]);
});

test('the batch check reads as one card per line within 390 px', async ({ page, pageErrors }) => {
  await page.goto('/standard-search?tab=batch');
  await page.getByRole('tab', { name: '批量查询' }).click();
  await page.getByLabel(/每行一个标准号/).fill('GB/T 50011-2010\ngbt50011\nXX 12345-2099');
  await page.getByRole('button', { name: '批量核验' }).click();
  const table = page.getByTestId('std-batch-table');
  await expect(table).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const right = await table.evaluate((t) =>
    Math.max(...[...t.querySelectorAll('td')].map((c) => c.getBoundingClientRect().right)),
  );
  expect(right).toBeLessThanOrEqual(390);
  // Each value says which column it is.
  await expect(table.locator('td[data-label="状态"]').first()).toBeVisible();
  await table.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/shots/phone-batch.png' });
  expect(pageErrors).toEqual([]);
});

test('care mode: its switch is in the phone header, and it enlarges the results’ metadata too', async ({ page, pageErrors }) => {
  await page.goto('/standard-search?keyword=%E5%BB%BA%E7%AD%91');
  const meta = page.getByTestId('std-result').first().locator('.std-meta');
  await expect(meta).toBeVisible();
  const before = parseFloat(await meta.evaluate((e) => getComputedStyle(e).fontSize));
  const toggle = page.locator('.site-header').getByTestId('care-switch');
  await expect(toggle).toBeVisible();
  await toggle.click();
  await expect(page.locator('html')).toHaveClass(/\bcare\b/);
  await expect.poll(async () => parseFloat(await meta.evaluate((e) => getComputedStyle(e).fontSize))).toBeGreaterThanOrEqual(18);
  expect(before).toBeLessThan(18);
  // The header's buttons stay whole words in the larger text, and nothing overflows the phone.
  for (const btn of await page.locator('.site-header-actions button').all())
    expect((await btn.boundingBox())!.height).toBeLessThan(70);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: '/tmp/shots/phone-search-care.png' });
  await toggle.click();
  await expect(page.locator('html')).not.toHaveClass(/\bcare\b/);
  expect(pageErrors).toEqual([]);
});
