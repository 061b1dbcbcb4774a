import { defineConfig } from '@playwright/test';
import { E2E_ADMIN } from './tests/helpers/admin.ts';

/** Specs that change what every visitor sees (docs/decisions/0088-hide-empty-sections.md). */
const SITE_WIDE = /empty-sections\.spec\.ts$/;

// E2E_PORT lets two checkouts run their browser tests side by side.
const PORT = Number(process.env.E2E_PORT ?? 3100);

/**
 * Browser tests against the real server serving the built web app (`npm run build` first).
 * The data directory is wiped in the server command itself: Playwright starts webServer before
 * globalSetup, so a globalSetup would be too late.
 */
export default defineConfig({
  testDir: 'tests',
  outputDir: '../.tmp/e2e-results',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  // Generous for a loaded 2-core CI machine; no retries, so a flaky test still shows.
  expect: { timeout: 10_000 },
  reporter: [['list']],
  projects: [
    { name: 'shared', testIgnore: SITE_WIDE },
    // Specs that switch a site-wide setting or take a whole section offline run alone, after the
    // rest: a page another worker checks at the same moment would see the change. Alone: `--no-deps`.
    { name: 'site-wide', testMatch: SITE_WIDE, dependencies: ['shared'] },
  ],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'zh-CN',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    // The real catalogue has no Zhongshan DB4420/T numbers: a few labelled 示例 rows go into the test database
    // only, through the import CLI; the administrator is made the way a deployment makes its first one. Both run
    // before the server takes the data directory's lock.
    command:
      'rm -rf .tmp/e2e-data && node --import tsx apps/server/src/cli/import.ts e2e/fixtures/zhongshan-demo-standards.csv ' +
      "--source '示例（浏览器测试）' > /dev/null && " +
      `node --import tsx apps/server/src/cli/admin-create.ts --username ${E2E_ADMIN.username} --mobile ${E2E_ADMIN.mobile} && ` +
      'node --import tsx apps/server/src/server.ts',
    cwd: '..',
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: '.tmp/e2e-data',
      DEV_OUTBOX: '1',
      // Every test registers from 127.0.0.1; the per-address daily SMS cap (default 50) is not under test here.
      SMS_IP_DAILY_LIMIT: '100000',
      SEED_DEMO: '1',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: E2E_ADMIN.password,
    },
  },
});
