import { defineConfig } from 'vitest/config';

/** The site answering during a 200,000-row import (apps/server/test/import-live.test.ts). */
const LIVE = 'apps/server/test/import-live.test.ts';
/** What both server projects share: a real database per file (helpers/global-setup.ts) and its slower hooks. */
const serverFiles = {
  environment: 'node' as const,
  globalSetup: ['apps/server/test/helpers/global-setup.ts'],
  testTimeout: 60_000,
  hookTimeout: 120_000,
};

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'tools', include: ['scripts/**/*.test.mjs'], environment: 'node' } },
      { test: { name: 'server', include: ['apps/server/test/**/*.test.ts'], exclude: [LIVE], ...serverFiles } },
      // Timed while a server process imports (decisions/0076): `npm test` runs it on its own after the other files
      // (scripts/test.mjs), so their work does not share its two cores.
      { test: { name: 'server-live', include: [LIVE], ...serverFiles } },
      {
        extends: 'apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
        },
      },
    ],
  },
});
