/**
 * npm run restore -- DIR
 * Replaces the database content and the uploaded files with the backup in DIR (made by npm run
 * backup). Stop every server instance first: requests during a restore would see half the data.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { parseConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { restore } from '../db/backup.ts';

async function main() {
  const { positionals } = parseArgs({ allowPositionals: true });
  const dir = positionals[0];
  if (!dir) throw new Error('用法：npm run restore -- 备份目录');
  const config = parseConfig();
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : config.dataDir });
  try {
    const m = await restore(db, config.filesDir, path.resolve(dir));
    const rows = Object.values(m.tables).reduce((a, b) => a + b, 0);
    console.log(`恢复完成：${Object.keys(m.tables).length} 张表，${rows} 行，${m.files} 个文件（备份时间 ${m.createdAt}）`);
  } finally {
    await db.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
