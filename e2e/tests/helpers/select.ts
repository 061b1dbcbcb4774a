import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Picks an option of an antd select, repeating the pick until the select shows the chosen value (a select names
 * its value in its title). On a busy machine a click on an option was lost now and then: the status dialog went
 * out without its new status, once without its 代替标准 (CI, issue 27's stop). Every step has its own timeout, so a
 * lost pick is retried instead of waiting out the whole budget.
 *
 * `search`: the text typed into a searching select before its options appear (else the select is opened by a click).
 */
export async function pickOption(
  page: Page,
  field: Locator,
  option: string | RegExp,
  shown: Locator,
  search?: string,
): Promise<void> {
  await expect(async () => {
    if (!(await shown.isVisible())) {
      if (search === undefined) await field.click({ timeout: 5_000 });
      else await field.fill(search, { timeout: 5_000 });
      await page.locator('.ant-select-item-option').filter({ hasText: option }).click({ timeout: 5_000 });
    }
    await expect(shown).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}
