/**
 * npm run import -- FILE [--source NAME] [--licence TEXT] [--format csv|xlsx|json] [--mapping NAME] [--batch N] [--bulk]
 * Imports into DATABASE_URL, or the PGlite database in DATA_DIR (stop the server first: it holds the lock).
 */
import { parseArgs } from 'node:util';
import { parseConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { cliJob, committedText, encodingOf, formatOf, MAPPINGS, runJob, startRefusalOf } from '../modules/standards/index.ts';
import { dispatchStatusAlerts } from '../modules/alerts/index.ts';
import { importFulltexts } from '../modules/standards/index.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    source: { type: 'string' },
    licence: { type: 'string' },
    format: { type: 'string' },
    mapping: { type: 'string' },
    batch: { type: 'string' },
    bulk: { type: 'boolean' },
    progress: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  },
});

if (values.help || positionals.length !== 1) {
  console.error(`用法: npm run import -- FILE [--source 名称] [--licence 许可] [--format csv|xlsx|json] [--mapping 映射] [--batch 2000] [--bulk] [--progress]
  --progress: 每提交一批写一行进度（供脚本读取）
  --bulk: 整体装载（一次事务、重建索引；期间检索等待，仅用于开站前的首次大批量装载）`);
  console.error(`
映射: ${Object.values(MAPPINGS)
    .map((m) => `\n  ${m.name}: ${m.description}`)
    .join('')}`);
  process.exit(values.help ? 0 : 2);
}

const config = parseConfig();
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : config.dataDir });
try {
  await migrate(db);
  // What the file is read as (a CSV in an encoding that is not UTF-8, UTF-16 or GB18030 is refused here).
  console.log(`文件编码：${await encodingOf(positionals[0]!, formatOf(positionals[0]!, values.format))}`);
  // The console's rule: no import without a column for the number and one for the title (every row would be refused).
  const refusal = await startRefusalOf(positionals[0]!, { format: values.format, mapping: values.mapping });
  if (refusal) throw new Error(refusal);
  const tty = process.stderr.isTTY;
  // Recorded as an import job (docs/decisions/0076): each batch commits with the job's checkpoint, and a run that
  // stopped is continued by the same command.
  const { job, resumed } = await cliJob(db, positionals[0]!, {
    format: values.format,
    mapping: values.mapping,
    source: values.source,
    batchSize: values.batch ? Number(values.batch) : undefined,
  });
  if (resumed)
    console.log(`继续中断的导入（任务 #${job.id}）：${committedText(job)}；从第 ${job.committed_rows + 1} 个数据行继续`);
  else console.log(`导入任务 #${job.id}`);
  // Ctrl-C or a service stop: the run stops before its next batch and the job is marked 中断 at once.
  const stop = new AbortController();
  for (const sig of ['SIGINT', 'SIGTERM'] as const) process.once(sig, () => stop.abort(new Error('导入被中止')));
  const report = await runJob(db, null, job, {
    signal: stop.signal,
    resume: resumed,
    licence: values.licence,
    bulk: values.bulk ? 'always' : 'never',
    // On a terminal one line rewritten in place; --progress writes a line per committed batch (for scripts).
    onProgress:
      tty || values.progress
        ? ({ rows, elapsedMs }) =>
            process.stderr.write(
              `${values.progress ? '' : '\r'}已处理 ${rows} 行，${Math.round(rows / Math.max(elapsedMs / 1000, 0.001))} 行/秒${values.progress ? '\n' : '   '}`,
            )
        : undefined,
  });
  if (tty && !values.progress) process.stderr.write('\n');
  for (const r of report.rejections) console.error(`拒绝 第${r.line}行：${r.reason}`);
  for (const d of report.duplicateDetails)
    console.error(`重复 第${d.line}行 ${d.standardNo}（与第${d.previousLine}行同号，以后者为准）`);
  console.log(
    `映射 ${report.mapping}：读取 ${report.rows} 行，接受 ${report.accepted}（新增 ${report.inserted}，更新 ${report.updated}，未变 ${report.unchanged}），` +
      `拒绝 ${report.rejected}，文件内重复 ${report.duplicates}，状态变更记录 ${report.statusChanges}，关联 ${report.relations}，` +
      `用时 ${(report.elapsedMs / 1000).toFixed(1)} 秒`,
  );
  const ft = await importFulltexts(db, config.filesDir, positionals[0]!, { format: values.format, mapping: values.mapping });
  for (const f of ft.failures) console.error(`全文 第${f.line}行：${f.reason}`);
  if (ft.attached || ft.failures.length) console.log(`全文：挂接 ${ft.attached} 个，失败 ${ft.failures.length} 个`);
  console.log(`状态变更提醒：已发送 ${(await dispatchStatusAlerts(db)).sent} 条站内消息`);
  process.exitCode = report.rejected > 0 || ft.failures.length > 0 ? 1 : 0;
} catch (err) {
  // A file the importer cannot read (a quote or brace never closed, a cut file) is the operator's to fix: its
  // message names the line, a stack trace would only hide it.
  console.error(`导入失败：${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await db.close();
}
