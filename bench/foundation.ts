// Requests/s of GET /api/health and POST Operater (footer contacts, a real DB read) against a bare
// Fastify hello-world on the same machine, one run each on loopback.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { parseConfig } from '../apps/server/src/config.ts';
import { load, printTable } from './lib.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zs-bench-'));
const app = await buildApp({
  config: parseConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: '1',
    DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
  }),
  logger: false,
});
await app.listen({ port: 0, host: '127.0.0.1' });
const appUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

const bare = Fastify({ logger: false });
bare.get('/', async () => ({ hello: 'world' }));
await bare.listen({ port: 0, host: '127.0.0.1' });
const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/`;

const rows = [];
rows.push(await load('bare fastify hello-world', { url: bareUrl }));
rows.push(await load('GET /api/health', { url: `${appUrl}/api/health` }));
rows.push(
  await load('POST /api/zs/ent/userInfoBz/Operater', { url: `${appUrl}/api/zs/ent/userInfoBz/Operater`, method: 'POST' }),
);
console.log(`engine: ${app.db.kind}, cpus: ${os.cpus().length}, node ${process.version}`);
printTable(rows);
const [bareRow, health, operater] = rows;
console.log(
  `health / bare = ${(health!.rps / bareRow!.rps).toFixed(2)}; Operater / bare = ${(operater!.rps / bareRow!.rps).toFixed(2)}`,
);
await app.close();
await bare.close();
fs.rmSync(dataDir, { recursive: true, force: true });
