import fs from 'node:fs';
import path from 'node:path';

/**
 * The server package's folder, found by walking up from this file: the same answer from the
 * TypeScript sources (src/lib) and from the compiled bundle (dist), so migrations, fonts and data
 * files are found either way.
 */
function findServerRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'migrations')) && fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`cannot find the server's migrations folder above ${from}`);
  }
}

export const serverRoot = findServerRoot(import.meta.dirname);
export const repoRoot = path.resolve(serverRoot, '../..');
/** Real data files of the shared package (standards, classifications, map boundaries). */
export const sharedDataDir = path.join(repoRoot, 'packages/shared/data');
