import { expect, type Page } from '@playwright/test';

/** Opens a header navigation entry: a top link, or a group's link (groups open on hover). */
export async function openFromNav(page: Page, labels: string[]): Promise<void> {
  const nav = page.getByRole('navigation', { name: '主导航' }).first();
  if (labels.length === 1) {
    await nav.getByRole('link', { name: labels[0], exact: true }).click();
    return;
  }
  await nav.getByRole('button', { name: labels[0], exact: true }).hover();
  await nav.getByRole('link', { name: labels[1], exact: true }).click();
}

/** The "共 N 条" figure of a list page, once loaded. */
export async function listTotal(page: Page): Promise<number> {
  const total = page.getByTestId('list-total');
  await expect(total).toBeVisible();
  return Number(await total.locator('strong').innerText());
}

/** Waits until the list shows `n` and returns the row count. */
export async function expectTotal(page: Page, n: number): Promise<void> {
  await expect(page.getByTestId('list-total').locator('strong')).toHaveText(String(n));
}

/** A 1×1 PNG (valid signature, IHDR, IDAT and IEND chunks). */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** GB 32100-2015 check character, computed here independently of the app. */
export function withCheckChar(first17: string): string {
  const chars = '0123456789ABCDEFGHJKLMNPQRTUWXY';
  const weights = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
  const sum = [...first17].reduce((s, c, i) => s + chars.indexOf(c) * weights[i]!, 0);
  const c = 31 - (sum % 31);
  return first17 + chars[c === 31 ? 0 : c];
}
