import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { testConfig } from './helpers/app.ts';
import { createTestDb, type TestDb } from './helpers/db.ts';

// The built web app is stood in for by a tiny dist folder: these tests are about serving rules.
describe('serving the web app', () => {
  let app: FastifyInstance;
  let testDb: TestDb;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'zs-dist-'));
  const bigScript = `console.log(${JSON.stringify('中山'.repeat(4000))});`;

  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html lang="zh-CN"><div id="app"></div></html>');
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), bigScript);
    fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    testDb = await createTestDb('pglite');
    app = await buildApp({ config: testConfig({ WEB_DIST: dist }), db: testDb.db, logger: false });
  });
  afterAll(async () => {
    await app.close();
    await testDb.drop();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('serves index.html for SPA routes without caching it; unknown pages and ids with HTTP 404 (decisions/0078)', async () => {
    for (const [url, status] of [
      ['/', 200],
      ['/home', 200],
      ['/standard-detail?id=3', 404],
      ['/no-such-page', 404],
    ] as const) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(status);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="app">');
    }
  });

  it('caches hashed assets for a year and compresses them', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(bigScript);

    const gz = await app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(bigScript);
  });

  it('answers a missing asset with a real 404, not the SPA page', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/missing-000.js' });
    expect(res.statusCode).toBe(404);
  });

  it('keeps the envelope 404 for unknown API paths', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/unknown' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 404 });
  });
});
