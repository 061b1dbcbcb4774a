/**
 * npm run backup -- [--out DIR]
 * Backs up the database (DATABASE_URL, or the PGlite database in DATA_DIR: stop the server first, it
 * holds the data-directory lock) and the uploaded files into DIR (default backups/<date-time>).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { parseConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { backup } from '../db/backup.ts';

async function main() {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  const config = parseConfig();
  const stamp = new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19);
  const out = path.resolve(values.out ?? path.join('backups', stamp));
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : config.dataDir });
  try {
    const m = await backup(db, config.filesDir, out);
    const rows = Object.values(m.tables).reduce((a, b) => a + b, 0);
    console.log(`备份完成：${out}（${Object.keys(m.tables).length} 张表，${rows} 行，${m.files} 个文件）`);
  } finally {
    await db.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
