// `npm start`: builds the web app (into a new folder, swapped in) and compiles the server when either is missing or older than its
// sources, then runs the compiled server (web + /api) with the embedded database in ./data unless
// DATABASE_URL is set. Production runs plain JavaScript; no TypeScript loader is involved.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { serverEnv } from './server-env.mjs';
import { buildAndSwap } from './web-swap.mjs';

const root = path.resolve(import.meta.dirname, '..');
const webDist = path.join(root, 'apps/web/dist/index.html');
const serverDist = path.join(root, 'apps/server/dist/server.js');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

function sourceTime(paths) {
  return Math.max(
    ...paths
      .map((p) => path.join(root, p))
      .filter(fs.existsSync)
      .map((p) => (fs.statSync(p).isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs)),
  );
}

function buildIfStale(output, sources, workspace, label) {
  if (fs.existsSync(output) && fs.statSync(output).mtimeMs >= sourceTime(sources)) return;
  console.log(label);
  const r = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// The web app is built into a new folder and swapped in (scripts/web-swap.mjs): a server already serving
// apps/web/dist on this host keeps answering while this one builds.
const webSources = ['apps/web/src', 'apps/web/index.html', 'apps/web/public', 'packages/shared/src'];
if (!fs.existsSync(webDist) || fs.statSync(webDist).mtimeMs < sourceTime(webSources)) {
  console.log('构建前端 (web build)…');
  try {
    await buildAndSwap({
      webDir: path.join(root, 'apps/web'),
      build: (outDir) =>
        spawnSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir'], {
          cwd: path.join(root, 'apps/web'),
          stdio: 'inherit',
        }).status === 0,
    });
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
}
buildIfStale(serverDist, ['apps/server/src', 'packages/shared/src'], '@zs/server', '编译服务端 (server build)…');

const child = spawn(process.execPath, ['--enable-source-maps', serverDist], {
  cwd: root,
  stdio: 'inherit',
  env: serverEnv({ NODE_ENV: 'production', ...process.env }),
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
