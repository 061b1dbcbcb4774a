import { test, expect } from './fixtures.ts';
import { apiGet } from './helpers/api.ts';
import { expectTotal, openFromNav } from './portal-helpers.ts';

interface MapData {
  towns: { code: string; name: string; center: [number, number]; figures: Record<string, number | null> }[];
  totals: Record<string, number | null>;
}

test('data map draws from the API and a town point opens its detail', async ({ page, pageErrors }) => {
  const data = await apiGet<MapData>(page, '/api/portal/datamap');
  await page.goto('/home');
  await openFromNav(page, ['数据地图']);
  await expect(page).toHaveURL(/\/data-map$/);
  const map = page.getByTestId('datamap-map');
  await expect(map.locator('canvas')).toBeVisible();

  // The canvas is really painted: count pixels that are not transparent.
  await expect
    .poll(() =>
      map
        .locator('canvas')
        .first()
        .evaluate((c: HTMLCanvasElement) => {
          const px = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
          let painted = 0;
          for (let i = 3; i < px.length; i += 4) if (px[i]! > 0) painted += 1;
          return painted;
        }),
    )
    .toBeGreaterThan(1000);
  await expect(page.getByTestId('datamap-bar').locator('canvas')).toBeVisible();
  const sources = page.locator('.datamap-sources');
  await expect(sources).toContainText('DataV.GeoAtlas');
  await expect(sources).toContainText('tnnevol/gmap');
  await expect(sources).toContainText('国家统计局');

  // Switch to 香山之品 products and click the town that has products and lies farthest from its neighbours.
  await page.getByRole('button', { name: '香山之品认证产品' }).click();
  await expect(page).toHaveURL(/indicator=xiangshanProducts/);
  await expect(page.getByTestId('datamap-total').locator('strong')).toHaveText(String(data.totals.xiangshanProducts));
  const withProducts = data.towns.filter((t) => (t.figures.xiangshanProducts ?? 0) > 0);
  expect(withProducts.length).toBeGreaterThan(0);
  const isolation = (t: MapData['towns'][number]) =>
    Math.min(...data.towns.filter((o) => o !== t).map((o) => Math.hypot(o.center[0] - t.center[0], o.center[1] - t.center[1])));
  const target = withProducts.sort((a, b) => isolation(b) - isolation(a))[0]!;

  await expect(map).toHaveAttribute('data-points', /"x":\d+/);
  const points = JSON.parse((await map.getAttribute('data-points'))!) as { code: string; x: number; y: number }[];
  const point = points.find((p) => p.code === target.code)!;
  await map.click({ position: { x: point.x, y: point.y } });
  await expect(page).toHaveURL(new RegExp(`/data-map-detail\\?indicator=xiangshanProducts&town=${target.code}`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(target.name);
  await expectTotal(page, target.figures.xiangshanProducts!);
  await expect(page.getByTestId('list-item')).toHaveCount(target.figures.xiangshanProducts!);
  expect(pageErrors).toEqual([]);
});

test('data map detail of the city total for local standards lists standards', async ({ page }) => {
  const data = await apiGet<MapData>(page, '/api/portal/datamap');
  await page.goto('/data-map-detail?indicator=localStandards');
  await expectTotal(page, data.totals.localStandards!);
  // The seeded catalogue may hold no Zhongshan local standard: then the empty state shows.
  if (data.totals.localStandards! > 0)
    await expect(page.getByTestId('list-item').first().getByRole('link')).toHaveAttribute('href', /\/standard-detail\?id=\d+/);
  else await expect(page.getByText('暂无数据')).toBeVisible();
});
