// Temporary copy of playwright.config.ts on another port/data dir (another run holds 3100). Not committed.
import base from './playwright.config.ts';
import { defineConfig } from '@playwright/test';
const PORT = 3191;
export default defineConfig({
  ...base,
  outputDir: '../.tmp/e2e-results-uc',
  use: { ...base.use, baseURL: `http://127.0.0.1:${PORT}` },
  webServer: {
    ...(base.webServer as object),
    command: 'rm -rf .tmp/e2e-data-uc && node --import tsx apps/server/src/server.ts',
    url: `http://127.0.0.1:${PORT}/api/health`,
    env: { ...(base.webServer as { env: Record<string, string> }).env, PORT: String(PORT), DATA_DIR: '.tmp/e2e-data-uc' },
  },
});
