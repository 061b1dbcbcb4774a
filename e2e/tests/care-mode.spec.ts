import { test, expect, rootFontSize } from './fixtures.ts';
import { axeProblems, settle } from './helpers/a11y.ts';

/** 适老化 (care) mode at 1280px, where the spec's scaling alone would give 10px text. */
test.use({ viewport: { width: 1280, height: 800 } });

test('care mode: ?care=1 gives ≥18px body text at 1280px, axe stays clean, the choice is remembered', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/news?care=1');
  await settle(page);
  await expect(page.locator('html')).toHaveClass(/\bcare\b/);
  const sizes = await page.evaluate(() => {
    const px = (el: Element) => parseFloat(getComputedStyle(el).fontSize);
    const running = [...document.querySelectorAll('#main :is(p, li, td, dd)')].filter((el) => el.textContent?.trim());
    return { body: px(document.body), running: running.length, smallest: Math.min(...running.map(px)) };
  });
  expect(sizes.body).toBeGreaterThanOrEqual(18);
  expect(sizes.running).toBeGreaterThan(0);
  expect(sizes.smallest).toBeGreaterThanOrEqual(18);
  expect(await axeProblems(page, '/news (care, 1280px)')).toEqual([]);

  // The header switch shows the state; the mode survives a visit without the parameter.
  await page.goto('/home');
  const toggle = page.getByTestId('care-switch');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  expect(await rootFontSize(page)).toBe('18px');
  await settle(page);
  expect(await axeProblems(page, '/home (care, 1280px)')).toEqual([]);
  // Controls are at least 44px high.
  const heights = await page
    .locator('#main button, header button')
    .evaluateAll((els) =>
      els.filter((el) => el.getBoundingClientRect().height > 0).map((el) => el.getBoundingClientRect().height),
    );
  expect(Math.min(...heights)).toBeGreaterThanOrEqual(44);

  // Switching off goes back to the spec's scale, and stays off.
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(() => rootFontSize(page)).toBe('10px');
  await page.reload();
  await expect(page.locator('html')).not.toHaveClass(/\bcare\b/);
});
