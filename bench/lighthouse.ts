/**
 * `npm run lighthouse`: Lighthouse (performance + accessibility) against a locally started server with
 * the demo data, desktop preset on the main public pages and one detail page, mobile preset on /home.
 * Prints a table with each figure and its goal. Needs a built web app (`npm run build`) and Chromium
 * (CHROME_PATH, default /usr/bin/chromium). Not part of `npm test`: the figures depend on the machine.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';

const root = path.resolve(import.meta.dirname, '..');
const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 4130);
const base = `http://127.0.0.1:${PORT}`;
const dataDir = path.join(root, '.tmp/lighthouse-data');

if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
  console.error('请先构建前端：npm run build');
  process.exit(1);
}

fs.rmSync(dataDir, { recursive: true, force: true });
const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/server.ts')], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: '1',
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
  },
});

async function waitForServer(): Promise<void> {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not start');
}

interface Row {
  page: string;
  preset: 'desktop' | 'mobile';
  performance: number;
  accessibility: number;
  cls: string;
  lcp: string;
  goal: string;
  ok: boolean;
}

async function main(): Promise<void> {
  await waitForServer();
  const news = (await (await fetch(`${base}/api/portal/news?size=1`)).json()) as { data: { list: { id: number }[] } };
  const detail = `/news-detail?id=${news.data.list[0]!.id}`;
  const targets: { page: string; preset: 'desktop' | 'mobile' }[] = [
    ...['/home', '/standard-search', '/news', '/data-map', detail].map((page) => ({ page, preset: 'desktop' as const })),
    { page: '/home', preset: 'mobile' },
  ];
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  const rows: Row[] = [];
  try {
    for (const t of targets) {
      const result = await lighthouse(
        `${base}${t.page}`,
        { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] },
        t.preset === 'desktop' ? desktopConfig : undefined,
      );
      if (!result) throw new Error(`no result for ${t.page}`);
      const { categories, audits } = result.lhr;
      const performance = Math.round((categories.performance?.score ?? 0) * 100);
      const accessibility = Math.round((categories.accessibility?.score ?? 0) * 100);
      const perfGoal = t.preset === 'desktop' ? 95 : 90;
      const a11yGoal = t.preset === 'desktop' ? 95 : 0;
      rows.push({
        page: t.page,
        preset: t.preset,
        performance,
        accessibility,
        cls: (audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3),
        lcp: `${Math.round(audits['largest-contentful-paint']?.numericValue ?? 0)} ms`,
        goal: t.preset === 'desktop' ? '性能 ≥95，无障碍 ≥95' : '性能 ≥90',
        ok: performance >= perfGoal && accessibility >= a11yGoal,
      });
    }
  } finally {
    await chrome.kill();
  }
  console.table(rows);
  const failed = rows.filter((r) => !r.ok);
  if (failed.length) {
    console.log(`未达目标：${failed.map((r) => `${r.page} (${r.preset})`).join('，')}`);
    process.exitCode = 1;
  }
}

main()
  .catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(() => server.kill());
