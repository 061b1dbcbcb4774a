import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';
import { buildAndSwap } from './web-swap.mjs';

/** A fake web build: index.html naming its hashed chunk, and that chunk. */
function fakeBuild(outDir, tag) {
  fs.mkdirSync(path.join(outDir, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(outDir, 'index.html'), `<script src="/assets/app-${tag}.js"></script>`);
  fs.writeFileSync(path.join(outDir, 'assets', `app-${tag}.js`), `/* ${tag} */`);
  return true;
}

describe('npm start swaps a new web build in while a server serves the old one', () => {
  const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zs-web-swap-'));
  const dist = path.join(webDir, 'dist');
  afterAll(() => fs.rmSync(webDir, { recursive: true, force: true }));

  it('answers every request during repeated swaps, never 404, and keeps the chunks of earlier builds', async () => {
    // A host built before the swap existed: dist is a plain folder.
    fakeBuild(dist, 'v0');
    // Served as the real server does (apps/server/src/plugins/web.ts): @fastify/static with dist as its root.
    const app = Fastify();
    await app.register(fastifyStatic, { root: dist, index: false, wildcard: true });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const statuses = new Map();
    let serving = true;
    const hammer = (async () => {
      while (serving) {
        for (const url of ['/index.html', '/assets/app-v0.js']) {
          const res = await fetch(base + url);
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          await res.arrayBuffer();
        }
      }
    })();
    const served = () => [...statuses.values()].reduce((a, b) => a + b, 0);
    try {
      for (const tag of ['v1', 'v2', 'v3', 'v4', 'v5']) {
        // A build that takes a while, as vite does: the server keeps serving the previous one meanwhile, here until
        // it has answered five more requests (a condition, not a fixed time: a busy machine serves fewer per ms).
        await buildAndSwap({
          webDir,
          build: async (out) => {
            const until = served() + 5;
            while (served() < until) await new Promise((r) => setTimeout(r, 5));
            return fakeBuild(out, tag);
          },
        });
        const index = await (await fetch(`${base}/index.html`)).text();
        expect(index).toContain(`app-${tag}.js`);
      }
      // A failed build swaps nothing.
      await expect(buildAndSwap({ webDir, build: () => false })).rejects.toThrow('前端构建失败');
      expect(await (await fetch(`${base}/index.html`)).text()).toContain('app-v5.js');
    } finally {
      serving = false;
      await hammer;
      await app.close();
    }
    expect([...statuses.keys()]).toEqual([200]);
    expect(statuses.get(200)).toBeGreaterThan(20);
    expect(fs.lstatSync(dist).isSymbolicLink()).toBe(true);
    // The chunk of the first build is still there for a page loaded before the swaps; only a few builds are kept.
    expect(fs.existsSync(path.join(dist, 'assets', 'app-v0.js'))).toBe(true);
    expect(fs.readdirSync(path.join(webDir, 'builds')).length).toBeLessThanOrEqual(3);
  });
});
