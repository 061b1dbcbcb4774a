import { test, expect } from './fixtures.ts';
import { registerAndLogin } from './helpers/accounts.ts';
import { apiGet } from './helpers/api.ts';
import { expectTotal, listTotal, openFromNav } from './portal-helpers.ts';

/**
 * Each portal section: open its list from the header navigation, filter (the seeded demo data has 3–12
 * items per section), open an item's detail and come back. Expected counts come from the API.
 */
interface Case {
  nav: string[];
  path: string;
  slug: string;
  /** Chip group label and chip, or select label and option value. */
  chip?: [group: string, label: string, param: string, value: string];
  select?: [label: string, param: string, value: string];
  fixed?: string;
  detail?: string;
  auth?: boolean;
}

const CASES: Case[] = [
  { nav: ['政策资讯'], path: '/news', slug: 'news', chip: ['栏目', '政策法规', 'category', 'policy'], detail: '/news-detail' },
  {
    nav: ['标准+'],
    path: '/standard-plus',
    slug: 'standard-plus',
    chip: ['主题', '标准+质量', 'category', 'quality'],
    detail: '/standard-plus-detail',
  },
  {
    nav: ['标准化服务'],
    path: '/service-platform',
    slug: 'service',
    chip: ['服务类型', '标准查新', 'category', 'novelty_search'],
    detail: '/service-detail',
  },
  {
    nav: ['人才库'],
    path: '/talent-pool',
    slug: 'talent',
    chip: ['人才类型', '标准化专家', 'category', 'standardization'],
    detail: '/talent-detail',
  },
  {
    nav: ['培训资料'],
    path: '/training-material',
    slug: 'training',
    chip: ['类型', '培训课程', 'category', 'course'],
    detail: '/training-detail',
    auth: true,
  },
  {
    nav: ['活动', '活动中心'],
    path: '/activity',
    slug: 'activity',
    chip: ['活动类型', '标准活动', 'category', 'standard'],
    detail: '/activity-detail',
    auth: true,
  },
  { nav: ['活动', '标准活动'], path: '/activity-standard', slug: 'activity', fixed: 'kind=standard' },
  {
    nav: ['活动', '企业活动'],
    path: '/activity-enterprise',
    slug: 'activity',
    fixed: 'kind=enterprise',
    select: ['报名状态', 'open', 'true'],
  },
  {
    nav: ['中山标准', '香山之品'],
    path: '/standard-xiangshan',
    slug: 'xiangshan-product',
    chip: ['产品类别', '水果', 'category', 'fruit'],
    detail: '/standard-xsDetail',
  },
  {
    nav: ['中山标准', '标准化示范'],
    path: '/standard-demonstration',
    slug: 'demonstration',
    chip: ['级别', '国家级', 'category', 'national'],
  },
  {
    nav: ['深圳标准', '深圳标准认证结果'],
    path: '/result-shenzhen',
    slug: 'result',
    fixed: 'category=shenzhen_cert',
    select: ['认证批次', 'batch', '示例第一批'],
    detail: '/result-detail',
  },
];

for (const c of CASES) {
  test(`${c.path}: list from the nav, filter, detail`, async ({ page, pageErrors }) => {
    if (c.auth) await registerAndLogin(page);
    else await page.goto('/home');
    const all = await apiGet<{ total: number }>(page, `/api/portal/${c.slug}?size=1${c.fixed ? `&${c.fixed}` : ''}`);
    await openFromNav(page, c.nav);
    await expect(page).toHaveURL(new RegExp(`${c.path}$`));
    expect(await listTotal(page)).toBe(all.total);

    if (c.fixed?.startsWith('kind=')) {
      // A kind page lists only that kind: every row carries its kind's name.
      const kind = c.path.endsWith('standard') ? '标准活动' : '企业活动';
      await expect(page.getByTestId('list-item')).toHaveCount(all.total);
      for (const row of await page.getByTestId('list-item').all())
        await expect(row.locator('.item-row-category')).toHaveText(kind);
    }
    if (!c.chip && !c.select) return;
    const [param, value] = c.chip ? [c.chip[2], c.chip[3]] : [c.select![1], c.select![2]];
    const filtered = await apiGet<{ total: number }>(
      page,
      `/api/portal/${c.slug}?size=1&${param}=${encodeURIComponent(value)}${c.fixed ? `&${c.fixed}` : ''}`,
    );
    expect(filtered.total, 'the chosen filter must change the count').toBeLessThan(all.total);
    expect(filtered.total).toBeGreaterThan(0);
    if (c.chip) await page.getByRole('group', { name: c.chip[0] }).getByRole('button', { name: c.chip[1], exact: true }).click();
    else await page.getByTestId(`filter-${c.select![1]}`).selectOption(value);
    await expect(page).toHaveURL(new RegExp(`[?&]${param}=${encodeURIComponent(value)}`));
    await expectTotal(page, filtered.total);
    await expect(page.getByTestId('list-item')).toHaveCount(Math.min(filtered.total, 10));

    // Reloading keeps the filter (URL state).
    await page.reload();
    await expectTotal(page, filtered.total);

    if (c.detail) {
      const link = page.getByTestId('list-item').first().getByRole('link').first();
      const title = await link.innerText();
      await link.click();
      await expect(page).toHaveURL(new RegExp(`${c.detail}\\?id=\\d+`));
      await expect(page.getByRole('heading', { level: 1 })).toContainText(title);
      await expect(page.getByRole('navigation', { name: '当前位置' })).toContainText(title.slice(0, 10));
      await expect(page.getByRole('button', { name: '复制链接' })).toBeVisible();
      await expect(page.getByRole('navigation', { name: '上一篇和下一篇' })).toBeVisible();
    }
    expect(pageErrors).toEqual([]);
  });
}

test('news list pages with the page number in the URL, and searches by keyword', async ({ page }) => {
  const all = await apiGet<{ total: number }>(page, '/api/portal/news?size=1');
  expect(all.total, 'seed has more news than one page of 6').toBeGreaterThan(6);
  await page.goto('/news');
  await expectTotal(page, all.total);
  await expect(page.getByTestId('list-item')).toHaveCount(6);
  await page.getByRole('navigation', { name: '分页' }).getByRole('button', { name: '第 2 页' }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(page.getByTestId('list-item')).toHaveCount(all.total - 6);
  await page.reload();
  await expect(page.getByTestId('list-item')).toHaveCount(all.total - 6);

  const hit = await apiGet<{ total: number }>(page, `/api/portal/news?size=1&keyword=${encodeURIComponent('标准化法')}`);
  await page.getByRole('searchbox', { name: '关键词' }).fill('标准化法');
  await page.getByRole('button', { name: '搜索' }).click();
  await expect(page).toHaveURL(/keyword=/);
  await expect(page).not.toHaveURL(/page=2/);
  await expectTotal(page, hit.total);

  await page.getByRole('searchbox', { name: '关键词' }).fill('不存在的关键词zzz');
  await page.getByRole('button', { name: '搜索' }).click();
  // A search that found nothing keeps its filters and says what to do (an empty section says 本栏目暂无内容).
  await expect(page.getByText('没有符合条件的内容，请调整筛选条件')).toBeVisible();
  await expect(page.getByRole('searchbox', { name: '关键词' })).toBeVisible();
  await expect(page.getByTestId('section-empty')).toHaveCount(0);
});

test('news detail renders the sanitised body, the original link and neighbours', async ({ page }) => {
  const list = await apiGet<{ list: { id: number; title: string; sourceUrl: string | null }[] }>(
    page,
    '/api/portal/news?size=100',
  );
  // An item with an original link whose body holds a link too (other specs add items that have neither).
  let item: { id: number; title: string } | undefined;
  for (const i of list.list.filter((x) => x.sourceUrl)) {
    const detail = await apiGet<{ bodyHtml: string }>(page, `/api/portal/news/${i.id}`);
    if (/<a\s[^>]*href=/.test(detail.bodyHtml)) {
      item = i;
      break;
    }
  }
  expect(item, 'a news item with an original link and a link in its body').toBeDefined();
  await page.goto(`/news-detail?id=${item!.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(item!.title);
  await expect(page.getByText('原文链接：')).toBeVisible();
  await expect(page.locator('.rich-text a[target=_blank][rel="noopener noreferrer"]').first()).toBeVisible();
  await page.goto('/news-detail?id=999999');
  await expect(page.getByText('内容不存在或已下线')).toBeVisible();
});

test('result show, standard system tree and the home page figures', async ({ page }) => {
  await page.goto('/result-show');
  const results = await apiGet<{ total: number }>(page, '/api/portal/result?size=1');
  await expectTotal(page, results.total);

  const tree = await apiGet<{ name: string; standards: { id: number | null; standardNo: string }[]; children: unknown[] }[]>(
    page,
    '/api/portal/standard-system/tree',
  );
  await page.goto('/standard-system');
  await expect(page.locator('.standard-tree summary').first()).toContainText(tree[0]!.name);
  await expect(page.locator('.standard-tree a[href^="/standard-detail?id="]').first()).toBeVisible();

  const stats = await apiGet<{ total: number; newlyPublished: number; upcoming: number }>(page, '/api/portal/standards/stats');
  await page.goto('/home');
  const figures = page.getByTestId('home-stats');
  await expect(figures.locator('.stat-value').nth(0)).toHaveText(String(stats.total));
  await expect(figures.locator('.stat-value').nth(1)).toHaveText(String(stats.newlyPublished));
  await expect(figures.locator('.stat-value').nth(2)).toHaveText(String(stats.upcoming));
  await expect(page.getByTestId('home-news').locator('li')).toHaveCount(5);
  await page.getByRole('combobox', { name: '标准检索关键词' }).fill('GB 55001');
  await page.getByRole('button', { name: '检索' }).click();
  await expect(page).toHaveURL(/\/standard-search\?keyword=GB%2055001/);
});

test('privacy page shows its headings (footer link, new tab)', async ({ page }) => {
  await page.goto('/privacy?type=1');
  await expect(page.getByRole('heading', { level: 1, name: '用户服务协议与隐私政策' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: '第一部分 用户服务协议' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: '第二部分 隐私政策' })).toBeVisible();
});

test('service detail: a visitor gets the login dialog from 申请服务', async ({ page }) => {
  const list = await apiGet<{ list: { id: number }[] }>(page, '/api/portal/service?size=1');
  await page.goto(`/service-detail?id=${list.list[0]!.id}`);
  await expect(page.getByRole('heading', { name: '办理流程' })).toBeVisible();
  await page.getByRole('button', { name: '申请服务' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
});
