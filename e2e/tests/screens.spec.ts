import fs from 'node:fs';
import path from 'node:path';
import { test, expect } from './fixtures.ts';
import { overflowProblems } from './helpers/a11y.ts';

/**
 * Screenshots of the portal's main page kinds at desktop and phone widths (written to .tmp/screens/
 * for a person to look at), with a check that nothing overflows horizontally.
 */
const OUT = path.resolve(import.meta.dirname, '../../.tmp/screens');
fs.mkdirSync(OUT, { recursive: true });

const PAGES: { name: string; path: string; ready: (page: import('@playwright/test').Page) => Promise<void> }[] = [
  { name: 'home', path: '/home', ready: async (p) => void (await expect(p.getByTestId('home-stats')).toBeVisible()) },
  {
    name: 'standard-search',
    path: '/standard-search?keyword=%E9%98%B2%E7%81%AB',
    ready: async (p) => void (await expect(p.getByText(/共找到/)).toBeVisible()),
  },
  { name: 'news', path: '/news', ready: async (p) => void (await expect(p.getByTestId('list-item').first()).toBeVisible()) },
  {
    name: 'news-detail',
    path: '/news-detail?id=1',
    ready: async (p) => void (await expect(p.getByRole('navigation', { name: '上一篇和下一篇' })).toBeVisible()),
  },
  {
    name: 'data-map',
    path: '/data-map',
    // ECharts and the outline load after the page: allow for a slow machine.
    ready: async (p) =>
      void (await expect(p.getByTestId('datamap-map')).toHaveAttribute('data-points', /"x":\d+/, { timeout: 15_000 })),
  },
];

for (const width of [1920, 390]) {
  for (const pg of PAGES) {
    test(`${pg.name} at ${width}px: no horizontal overflow`, async ({ page }) => {
      await page.setViewportSize({ width, height: width > 1000 ? 1080 : 844 });
      await page.goto(pg.path);
      await pg.ready(page);
      // Let ECharts finish its entry animation before the picture.
      await page.waitForTimeout(pg.name === 'data-map' ? 1200 : 200);
      expect(await overflowProblems(page, `${pg.name} (${width}px)`)).toEqual([]);
      await page.screenshot({ path: path.join(OUT, `${pg.name}-${width}.png`), fullPage: true });
    });
  }
}
