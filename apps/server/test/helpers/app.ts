import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { parseConfig, type Config } from '../../src/config.ts';
import { createTestDb, type Engine, type TestDb } from './db.ts';
import { checkAnswersAgainstOpenApi, type AnswerCheck } from './openapi-answers.ts';

export function testConfig(env: Record<string, string> = {}): Config {
  return parseConfig({
    NODE_ENV: 'test',
    DATA_DIR: '.tmp/test-data',
    DEV_OUTBOX: '1',
    // Test apps share DATA_DIR: a title index file there would be written by one file's database and offered to
    // another's. Tests of the file set their own directory (title-index-snapshot.test.ts).
    SEARCH_INDEX_SNAPSHOT_DIR: '0',
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
 * `describe.each(engines)`; read `ctx.app` inside tests. Every answer the file sees is checked against the
 * OpenAPI document (helpers/openapi-answers.ts); a mismatch fails the file.
 */
export function useTestApp(engine: Engine, env: Record<string, string> = {}) {
  const ctx = {} as TestContext;
  let answers: AnswerCheck | undefined;
  beforeAll(async () => {
    ctx.testDb = await createTestDb(engine);
    ctx.app = await buildApp({ config: testConfig(env), db: ctx.testDb.db, logger: false });
    answers = checkAnswersAgainstOpenApi(ctx.app);
    await ctx.app.ready();
  });
  afterAll(async () => {
    const mismatches = answers?.mismatches ?? [];
    answers = undefined;
    if (mismatches.length > 0) {
      await ctx.app?.close();
      await ctx.testDb?.drop();
      throw new Error(`answers not matching /api/docs/json:\n${[...new Set(mismatches)].slice(0, 20).join('\n')}`);
    }
    await ctx.app?.close();
    await ctx.testDb?.drop();
  });
  return ctx;
}
