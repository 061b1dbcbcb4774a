import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import fp from 'fastify-plugin';
import { buildApp } from '../src/app.ts';
import { testConfig } from './helpers/app.ts';

describe('graceful shutdown', () => {
  it('finishes an in-flight request, then closes the database and releases the data directory', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zs-shutdown-'));
    const app = await buildApp({ config: testConfig({ DATA_DIR: dataDir, SEED_DEMO: '1' }), logger: false });
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    await app.register(
      fp(async (a) => {
        a.get('/api/test/slow', async () => {
          await gate;
          return { code: 0, msg: '成功', data: 'done' };
        });
      }),
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };

    const inFlight = fetch(`http://127.0.0.1:${port}/api/test/slow`).then((r) => r.json());
    await new Promise((r) => setTimeout(r, 100));
    const closing = app.close();
    await new Promise((r) => setTimeout(r, 100));
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(true); // still serving the request
    release();
    expect(await inFlight).toMatchObject({ code: 0, data: 'done' });
    await closing;
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
    await expect(app.db.query('select 1')).rejects.toThrow();
  });

  it('migrates and seeds a new data directory once', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zs-seed-'));
    for (let run = 0; run < 2; run++) {
      const app = await buildApp({ config: testConfig({ DATA_DIR: dataDir, SEED_DEMO: '1' }), logger: false });
      const res = await app.inject({ method: 'POST', url: '/api/zs/ent/userInfoBz/Operater' });
      expect(res.json().data).toHaveLength(2);
      await app.close();
    }
  });
});
