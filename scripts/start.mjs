// `npm start`: builds the web app when it is missing or older than its sources, then starts the
// one server (web + /api) with the embedded database in ./data unless DATABASE_URL is set.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps/web/dist/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

const sources = ['apps/web/src', 'apps/web/index.html', 'apps/web/public', 'packages/shared/src']
  .map((p) => path.join(root, p))
  .filter(fs.existsSync);
const sourceTime = Math.max(...sources.map((p) => (fs.statSync(p).isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs)));
if (!fs.existsSync(dist) || fs.statSync(dist).mtimeMs < sourceTime) {
  console.log('构建前端 (web build)…');
  const r = spawnSync('npm', ['run', 'build', '-w', '@zs/web'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/server.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
