import path from 'node:path';
import type { Seeder } from '../../../db/seed.ts';
import type { Database } from '../../../db/client.ts';
import { loadClassifications } from './classifications.ts';
import { importFile, type ImportReport } from '../import/importer.ts';
import { inferEditionRelations } from '../import/writer.ts';
import { sharedDataDir } from '../../../lib/paths.ts';

export const DATA_DIR = sharedDataDir;
export const ARCH_SOURCE = 'Arch-Standards-Index';
export const ARCH_LICENCE = 'CC BY 4.0';
export const BUILDING_CSV = path.join(DATA_DIR, 'standards/building-standards-cc-by-4.0.csv');
export const SHANGHAI_JSON = path.join(DATA_DIR, 'standards/shanghai-local-building-standards-cc-by-4.0.json');

/** Classifications and the two real Arch-Standards-Index files (CC BY 4.0); rerunnable. */
export async function seedStandardsData(
  db: Database,
  today?: string,
): Promise<{ csv: ImportReport; shanghai: ImportReport; editions: { relations: number; replaced: number } }> {
  await loadClassifications(db, path.join(DATA_DIR, 'classification'));
  const common = { source: ARCH_SOURCE, licence: ARCH_LICENCE, today };
  const csv = await importFile(db, BUILDING_CSV, { ...common, mapping: 'arch-standards-csv' });
  const shanghai = await importFile(db, SHANGHAI_JSON, { ...common, mapping: 'shanghai-json' });
  // The Shanghai list carries no status: an older edition of a number that has a newer one is 被代替.
  const editions = await inferEditionRelations(db, ['DG/TJ08'], ARCH_SOURCE);
  return { csv, shanghai, editions };
}

export const seedStandards: Seeder = {
  name: 'standards',
  async run(db, log) {
    const r = await seedStandardsData(db);
    for (const [name, rep] of [
      ['building-standards', r.csv],
      ['shanghai', r.shanghai],
    ] as const) {
      log.info(
        { rows: rep.rows, inserted: rep.inserted, rejected: rep.rejections, duplicates: rep.duplicateDetails },
        `standards seed: ${name}`,
      );
    }
    log.info(r.editions, 'standards seed: editions');
  },
};
