import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestDb, engines, type Engine } from './helpers/db.ts';
import { PNG } from './helpers/multipart.ts';
import { fetchedAnswer, type DataOf } from './helpers/answer.ts';
import { registerOverHttp, startServer } from './helpers/server-process.ts';

const WRITES = 200;
const KILL_AFTER = 20;

/** One upload: a distinct PNG body; resolves with its id once acknowledged, or null when the server died first. */
async function upload(base: string, token: string, i: number): Promise<{ id: number; body: Buffer } | null> {
  const body = Buffer.concat([PNG, Buffer.from(`durable-${i}-${crypto.randomBytes(8).toString('hex')}`)]);
  const form = new FormData();
  form.append('file', new Blob([body], { type: 'image/png' }), `d${i}.png`);
  try {
    const res = await fetch(`${base}/api/user/files`, { method: 'POST', headers: { authorization: token }, body: form });
    const answer = await fetchedAnswer<DataOf<'POST /api/user/files'>>(res);
    return answer.code === 0 ? { id: answer.data.id, body } : null;
  } catch {
    return null; // the connection died with the process: not acknowledged, so not promised
  }
}

/**
 * kill -9 of a real server process while 200 writes are in flight: every write the server
 * acknowledged must be there after a restart (database row and stored bytes).
 */
describe.each(engines)('durability across kill -9 on %s', (engine: Engine) => {
  it(`keeps every acknowledged write of ${WRITES} concurrent ones`, { timeout: 400_000 }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zs-durable-'));
    const testDb = engine === 'postgres' ? await createTestDb('postgres') : undefined;
    const env = { DATA_DIR: dataDir, ...(testDb ? { DATABASE_URL: testDb.url! } : {}) };
    // The server below opens its own connection; the test's handle is only for the final drop.
    try {
      const first = await startServer(env);
      const token = await registerOverHttp(first.url, `dur${crypto.randomBytes(4).toString('hex')}1`, '13912340000');

      const acknowledged: Array<{ id: number; body: Buffer }> = [];
      let settled = 0;
      let settledAtKill = -1;
      const writes = Array.from({ length: WRITES }, (_, i) =>
        upload(first.url, token, i).then((r) => {
          settled += 1;
          if (r) acknowledged.push(r);
          // Kill once KILL_AFTER are acknowledged: the rest are in flight or not yet answered.
          if (settledAtKill < 0 && acknowledged.length >= KILL_AFTER) {
            settledAtKill = settled;
            void first.kill9();
          }
        }),
      );
      await Promise.all(writes);
      if (settledAtKill < 0) await first.kill9();

      const second = await startServer(env);
      try {
        let present = 0;
        for (const w of acknowledged) {
          const res = await fetch(`${second.url}/api/user/files/${w.id}`, { headers: { authorization: token } });
          if (res.status === 200 && Buffer.from(await res.arrayBuffer()).equals(w.body)) present += 1;
        }
        console.log(
          `[durability ${engine}] ${WRITES} concurrent uploads; kill -9 after ${settledAtKill} had settled; ` +
            `${acknowledged.length} acknowledged, ${present} present after restart`,
        );
        // The kill came while writes were still open, and the server had acknowledged some.
        expect(settledAtKill).toBeGreaterThan(0);
        expect(settledAtKill).toBeLessThan(WRITES);
        expect(present).toBe(acknowledged.length);
      } finally {
        await second.stop();
      }
    } finally {
      await testDb?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
