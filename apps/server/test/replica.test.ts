import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { importFile } from '../src/modules/standards/import/importer.ts';
import { testConfig } from './helpers/app.ts';
import { clusterRoot, clustersUnavailable, makePrimary, makeStandby, type Cluster } from './helpers/pg-cluster.ts';

const METRICS_TOKEN = 'replica-test-metrics-token';
/** Deadline for the standby to catch up or the lag check to notice (it runs every 2 s). */
const WAIT = { timeout: 20_000, interval: 100 };

/**
 * The public reads on a real streaming replica: a primary made with initdb and a standby made with
 * pg_basebackup -R, both on free ports of their own (the shared server is not touched), then the app on them.
 */
describe.skipIf(clustersUnavailable)(
  `read replica${clustersUnavailable ? ` (skipped: ${clustersUnavailable})` : ''}`,
  { timeout: 120_000 },
  () => {
    let root: ReturnType<typeof clusterRoot>;
    let primary: Cluster;
    let standby: Cluster | undefined;
    let db: Database;
    let app: FastifyInstance;
    let standbyClient: pg.Client;
    let n = 0;

    /** Imports one record (示例) with a title of its own through the primary. */
    async function write(title: string) {
      const f = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'zs-replica-')), 'one.csv');
      fs.writeFileSync(f, `standardNo,nameZh,status,implementDate\nT/ZSRP ${++n}-2026,${title},现行,2026-01-01\n`);
      expect((await importFile(db, f, { source: '示例', today: '2026-01-01' })).rejected).toBe(0);
    }
    async function search(keyword: string) {
      const res = await app.inject({ method: 'GET', url: `/api/portal/standards?keyword=${encodeURIComponent(keyword)}` });
      expect(res.statusCode).toBe(200);
      return (res.json().data as { list: { nameZh: string }[] }).list.map((s) => s.nameZh);
    }
    async function ready() {
      const res = await app.inject({ method: 'GET', url: '/api/ready' });
      return { status: res.statusCode, data: res.json().data };
    }
    const onStandby = async (title: string) =>
      (await standbyClient.query('select 1 from standards where name_zh = $1', [title])).rowCount === 1;

    beforeAll(async () => {
      root = clusterRoot();
      primary = await makePrimary(root.dir);
      const admin = new pg.Client({ connectionString: primary.url('postgres') });
      await admin.connect();
      await admin.query(`create database zs template template0 encoding 'UTF8' lc_collate 'C.UTF-8' lc_ctype 'C.UTF-8'`);
      await admin.end();
      db = await openDatabase({ databaseUrl: primary.url('zs'), poolSize: 4 });
      await migrate(db);
      standby = await makeStandby(root.dir, primary);
      standbyClient = new pg.Client({ connectionString: standby.url('zs') });
      await standbyClient.connect();
      app = await buildApp({
        config: testConfig({ DATABASE_REPLICA_URL: standby.url('zs'), METRICS_TOKEN }),
        db,
        logger: false,
      });
      await app.ready();
    }, 180_000);

    afterAll(async () => {
      await app?.close();
      await standbyClient?.end().catch(() => undefined);
      await db?.close();
      for (const c of [standby, primary]) {
        try {
          c?.stop();
        } catch {
          // Already stopped by a test.
        }
      }
      root?.remove();
    }, 120_000);

    it('serves the public reads from the replica, which finds a write on the primary once it has caught up', async () => {
      expect(app.readDb).not.toBe(app.db);
      await vi.waitFor(
        async () => expect((await ready()).data.replica).toMatchObject({ serving: 'replica', reason: null }),
        WAIT,
      );
      expect((await ready()).data.checks).toMatchObject({ db: 'ok', replica: 'ok' });

      await write('示例副本先行记录');
      await vi.waitFor(async () => expect(await onStandby('示例副本先行记录')).toBe(true), WAIT);
      expect(await search('副本先行')).toContain('示例副本先行记录');

      // Replay held on the standby: a write on the primary is not on the replica, so the public search does not
      // see it yet, while the primary (the operator's reads) does.
      await standbyClient.query('select pg_wal_replay_pause()');
      await write('示例副本追赶记录');
      expect((await db.query('select 1 from standards where name_zh = $1', ['示例副本追赶记录'])).length).toBe(1);
      expect(await search('副本追赶')).not.toContain('示例副本追赶记录');
      await standbyClient.query('select pg_wal_replay_resume()');
      await vi.waitFor(async () => expect(await search('副本追赶')).toContain('示例副本追赶记录'), WAIT);
    });

    it('falls back to the primary while the replica lags more than REPLICA_MAX_LAG_S, and says so', async () => {
      const strict = await buildApp({
        config: testConfig({ DATABASE_REPLICA_URL: standby!.url('zs'), REPLICA_MAX_LAG_S: '1' }),
        db,
        logger: false,
      });
      try {
        await strict.ready();
        await standbyClient.query('select pg_wal_replay_pause()');
        await write('示例副本滞后记录');
        await vi.waitFor(() => expect(strict.replicaStatus()).toMatchObject({ serving: 'primary', reason: 'lag' }), WAIT);
        const r = await strict.inject({ method: 'GET', url: `/api/portal/standards?keyword=${encodeURIComponent('副本滞后')}` });
        expect(r.json().data.list.map((s: { nameZh: string }) => s.nameZh)).toContain('示例副本滞后记录');
        const rd = await strict.inject({ method: 'GET', url: '/api/ready' });
        expect(rd.statusCode).toBe(200);
        expect(rd.json().data).toMatchObject({
          status: 'ready',
          checks: { replica: 'fail' },
          replica: { serving: 'primary', reason: 'lag' },
        });
        expect(rd.json().data.replica.lagSeconds).toBeGreaterThan(1);
      } finally {
        await standbyClient.query('select pg_wal_replay_resume()');
        await strict.close();
      }
    });

    it('keeps search working when the replica stops; /api/ready and the metrics say the primary serves', async () => {
      await write('示例副本停机记录');
      await vi.waitFor(async () => expect(await onStandby('示例副本停机记录')).toBe(true), WAIT);
      await vi.waitFor(() => expect(app.replicaStatus()?.serving).toBe('replica'), WAIT);
      await standbyClient.end();
      standby!.stop();
      standby = undefined;
      // At once: a statement failing on the stopped replica is asked of the primary.
      expect(await search('副本停机')).toContain('示例副本停机记录');
      await write('示例副本停机之后');
      expect(await search('停机之后')).toContain('示例副本停机之后');
      const r = await ready();
      expect(r.status).toBe(200);
      expect(r.data).toMatchObject({
        status: 'ready',
        checks: { db: 'ok', replica: 'fail' },
        replica: { serving: 'primary', reason: 'down' },
      });
      const metrics = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(metrics.body).toMatch(/db_replica_serving\{reason="down"\} 0/);
      expect(metrics.body).toMatch(/db_replica_lag_seconds -1/);
    });
  },
);
