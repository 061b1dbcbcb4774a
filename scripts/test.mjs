// `npm test`: every check, fastest first: types, lint, unit + server tests (PGlite, and
// PostgreSQL/Redis when TEST_DATABASE_URL/TEST_REDIS_URL are set), web build, browser tests.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const steps = [
  ['类型检查 typecheck', 'npm', ['run', 'typecheck']],
  ['代码规范 lint', 'npm', ['run', 'lint']],
  [
    '单元与接口测试 vitest',
    'npx',
    ['vitest', 'run', '--project', 'shared', '--project', 'tools', '--project', 'server', '--project', 'web'],
  ],
  // Timed while a server process imports: alone, so no other test file shares the machine (vitest.config.ts).
  ['导入期间的站点 vitest', 'npx', ['vitest', 'run', '--project', 'server-live']],
  ['前端构建 build', 'npm', ['run', 'build']],
  ['浏览器测试 playwright', 'npm', ['run', 'test:e2e']],
];
const only = process.argv[2];
for (const [name, cmd, args] of steps) {
  if (only && !name.includes(only)) continue;
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' } });
  console.log(`=== ${name}: ${r.status === 0 ? 'ok' : 'FAILED'} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  if (r.status !== 0) process.exit(r.status ?? 1);
}
