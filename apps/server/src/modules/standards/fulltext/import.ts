import fs from 'node:fs';
import path from 'node:path';
import { normalizeStandardNo } from '@zs/shared/standard-number';
import type { Database } from '../../../db/client.ts';
import { AppError, badRequest } from '../../../lib/envelope.ts';
import { applyMapping, pickMapping, type Mapping } from '../import/mappings.ts';
import { formatOf, readRows } from '../../../lib/tabular/readers.ts';
import { attachFulltext, MAX_FULLTEXT_BYTES } from './service.ts';

/** Columns that may name a local PDF of the row's standard; relative paths start at the import file's folder. */
export const FULLTEXT_COLUMNS = ['fulltext', '全文', '全文文件'];

export interface FulltextImportReport {
  attached: number;
  failures: { line: number; reason: string }[];
}

/**
 * Second pass over an import file (after the catalogue import): attaches the PDF named in the
 * optional `fulltext` column to the row's standard. Kept apart from the importer so that one
 * stays a pure catalogue writer; a bad PDF fails only its own row.
 */
export async function importFulltexts(
  db: Database,
  filesDir: string,
  file: string,
  opts: { format?: string; mapping?: string } = {},
): Promise<FulltextImportReport> {
  const report: FulltextImportReport = { attached: 0, failures: [] };
  const base = path.dirname(path.resolve(file));
  let mapping: Mapping | undefined;
  for await (const { line, row } of readRows(file, formatOf(file, opts.format))) {
    const col = FULLTEXT_COLUMNS.find((c) => typeof row[c] === 'string' && (row[c] as string).trim());
    if (!col) continue;
    mapping ??= pickMapping(opts.mapping, row);
    const no = normalizeStandardNo(String(applyMapping(row, mapping).standardNo ?? ''));
    const fail = (reason: string) => report.failures.push({ line, reason });
    if (!no) {
      fail('无法识别的标准编号，未挂接全文');
      continue;
    }
    const [std] = await db.query<{ id: number }>('select id::int as id from standards where no_key = $1', [no.key]);
    if (!std) {
      fail(`标准 ${no.display} 未导入，未挂接全文`);
      continue;
    }
    const pdf = path.resolve(base, (row[col] as string).trim());
    try {
      const stat = await fs.promises.stat(pdf);
      if (stat.size > MAX_FULLTEXT_BYTES) throw badRequest('全文文件超过 50MB');
      await attachFulltext(db, filesDir, std.id, await fs.promises.readFile(pdf));
      report.attached++;
    } catch (err) {
      fail(`全文 ${path.basename(pdf)}：${err instanceof AppError ? err.message : '文件不存在或无法读取'}`);
    }
  }
  return report;
}
