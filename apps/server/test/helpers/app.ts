import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { parseConfig, type Config } from '../../src/config.ts';
import { createTestDb, type Engine, type TestDb } from './db.ts';

export function testConfig(env: Record<string, string> = {}): Config {
  return parseConfig({
    NODE_ENV: 'test',
    DATA_DIR: '.tmp/test-data',
    DEV_OUTBOX: '1',
    SEED_DEMO: '0',
    LOG_LEVEL: 'silent',
    WEB_DIST: '.tmp/no-web-dist',
    // Each app's Redis keys apart from other test files' (and earlier runs'): their databases number users
    // alike, and an account lock is keyed by the user's id. Apps built from one config share it.
    REDIS_KEY_PREFIX: `zs:test:${crypto.randomUUID().slice(0, 8)}:`,
    ...env,
  });
}

export interface TestContext {
  app: FastifyInstance;
  testDb: TestDb;
}

/**
 * Per test file: a cloned database and an app on it, closed afterwards. Use inside
 * `describe.each(engines)`; read `ctx.app` inside tests.
 */
export function useTestApp(engine: Engine, env: Record<string, string> = {}) {
  const ctx = {} as TestContext;
  beforeAll(async () => {
    ctx.testDb = await createTestDb(engine);
    ctx.app = await buildApp({ config: testConfig(env), db: ctx.testDb.db, logger: false });
    await ctx.app.ready();
  });
  afterAll(async () => {
    await ctx.app?.close();
    await ctx.testDb?.drop();
  });
  return ctx;
}
