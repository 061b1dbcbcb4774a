import { test, expect } from './fixtures.ts';
import { registerAndLogin, toast } from './helpers/accounts.ts';
import { axeProblems, settle } from './helpers/a11y.ts';

/** 关注此检索 on the search page adds a watch; /my-watch (我的关注) lists it and removes it (docs/alerts.md). */
test('a user watches a search with 关注此检索, finds it on /my-watch and removes it', async ({ page, pageErrors }) => {
  const word = `燃气${String(Date.now()).slice(-4)}`;
  await registerAndLogin(page, `/standard-search?keyword=${encodeURIComponent(word)}`);
  await expect(page.getByTestId('std-total')).toBeVisible();
  const button = page.getByRole('button', { name: `关注此检索：关键词“${word}”` });
  await button.click();
  await expect(toast(page, `已关注关键词“${word}”，可在“我的关注”中管理`)).toBeVisible();
  await expect(button).toHaveAttribute('aria-pressed', 'true');

  await page.goto('/my-watch');
  await expect(page.getByRole('heading', { name: '我的关注', level: 1 })).toBeVisible();
  const entry = page.getByTestId('watch-list').locator('li').filter({ hasText: word });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText('标题关键词');
  await settle(page);
  expect(await axeProblems(page, '/my-watch')).toEqual([]);

  await entry.getByRole('button', { name: `取消关注 ${word}` }).click();
  await expect(toast(page, '已取消关注')).toBeVisible();
  await expect(page.getByText('还没有关注，可在上方添加，或在检索页点“关注此检索”')).toBeVisible();
  // Still gone after a reload: the server removed it.
  await page.reload();
  await expect(page.getByText('还没有关注，可在上方添加，或在检索页点“关注此检索”')).toBeVisible();
  expect(pageErrors).toEqual([]);
});
