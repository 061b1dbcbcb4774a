import fs from 'node:fs';
import path from 'node:path';

export interface DataDirLock {
  release(): void;
}

/**
 * PGlite has no lock between processes: two servers on one data directory would corrupt it.
 * A pid file taken with O_EXCL refuses a second live process; a lock left by a dead process is
 * taken over.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  const file = path.join(dataDir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(file, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          try {
            if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.unlinkSync(file);
          } catch {
            /* already gone */
          }
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(fs.readFileSync(file, 'utf8'));
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new DataDirLockedError(dataDir, pid);
      }
      fs.rmSync(file, { force: true }); // stale lock of a dead process
    }
  }
  throw new Error(`Could not lock data directory ${dataDir}`);
}

export class DataDirLockedError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `数据目录 ${dataDir} 正被另一个服务进程 (pid ${pid}) 使用。PGlite 不支持多个进程共用一个数据目录：` +
        `请先停止该进程，或为本进程设置不同的 DATA_DIR，或通过 DATABASE_URL 使用 PostgreSQL。`,
    );
    this.name = 'DataDirLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
