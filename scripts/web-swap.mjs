// Builds the web app into a fresh folder and swaps it in, so a running server never sees an empty or half-written
// apps/web/dist (issue 30: a second `npm start` or an upgrade on the same host answered 404 while vite emptied it).
// apps/web/dist becomes a symbolic link to apps/web/builds/<stamp>; the swap is a rename of a new link over the old
// one, which POSIX makes atomic. The previous build's hashed assets are copied into the new one, so a page loaded
// before the swap still finds the chunks it loads later; older builds than the last few are removed.
import fs from 'node:fs';
import path from 'node:path';

const KEEP = 3;

/** Where `dist` points now (its own folder when it is still a plain directory), or null. */
function currentBuild(dist) {
  try {
    return fs.realpathSync(dist);
  } catch {
    return null;
  }
}

/** Copies the files of `from/assets` that `to/assets` lacks (hashed names: same name, same content). */
function carryAssets(from, to) {
  const src = path.join(from, 'assets');
  const dst = path.join(to, 'assets');
  if (!fs.existsSync(src)) return 0;
  fs.mkdirSync(dst, { recursive: true });
  let carried = 0;
  for (const name of fs.readdirSync(src)) {
    if (fs.existsSync(path.join(dst, name))) continue;
    fs.copyFileSync(path.join(src, name), path.join(dst, name));
    carried += 1;
  }
  return carried;
}

/** Points `dist` at `target` in one rename; a plain directory `dist` is first moved into `builds`. */
function pointAt(dist, builds, target) {
  const stat = fs.lstatSync(dist, { throwIfNoEntry: false });
  if (stat && !stat.isSymbolicLink()) {
    // Once, on a host built before this script: the old folder joins the builds (a rename, not a copy).
    fs.renameSync(dist, path.join(builds, `${Date.now() - 1}-previous`));
  }
  const tmp = `${dist}.swap-${process.pid}`;
  fs.rmSync(tmp, { force: true });
  fs.symlinkSync(path.relative(path.dirname(dist), target), tmp, 'dir');
  fs.renameSync(tmp, dist);
}

/** Removes builds beyond the newest KEEP, never the one `dist` points at. */
function prune(builds, live) {
  const all = fs
    .readdirSync(builds)
    .filter((n) => /^\d+/.test(n))
    .sort((a, b) => parseInt(b, 10) - parseInt(a, 10));
  for (const name of all.slice(KEEP)) {
    const p = path.join(builds, name);
    if (p !== live) fs.rmSync(p, { recursive: true, force: true });
  }
}

/**
 * `build(outDir)` writes a complete web build into `outDir` (throws or returns false on failure: nothing is swapped).
 * Returns the new build's folder.
 */
export async function buildAndSwap({ webDir, build }) {
  const dist = path.join(webDir, 'dist');
  const builds = path.join(webDir, 'builds');
  fs.mkdirSync(builds, { recursive: true });
  const target = path.join(builds, String(Date.now()));
  const ok = await build(target);
  if (ok === false || !fs.existsSync(path.join(target, 'index.html'))) {
    fs.rmSync(target, { recursive: true, force: true });
    throw new Error('前端构建失败，继续使用原有构建');
  }
  const previous = currentBuild(dist);
  if (previous) carryAssets(previous, target);
  pointAt(dist, builds, target);
  prune(builds, fs.realpathSync(target));
  return target;
}
