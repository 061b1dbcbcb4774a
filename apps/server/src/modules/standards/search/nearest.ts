import { normalizeStandardNo, numberOrderKey, seriesVariants, standardNoSearchKeys, type NearestNumberT } from '@zs/shared';
import type { Database } from '../../../db/client.ts';

/** The stored number-order key (numberOrderKey, migration 0021). */
const NUM = 'no_order';
const COLS = 'id::int as id, standard_no as "standardNo", name_zh as "nameZh", status';
const LIMIT = 5;

interface Row extends NearestNumberT {
  num?: string;
}

/**
 * Numbers next to one the catalogue lacks: the same series, nearest number both ways (walking the
 * number-order index); else the first of its twin series that has records (`GBZ 19377` typed for GB/Z 19377
 * when the catalogue holds no GBZ record); else, for an unknown series, the neighbours in key order. Empty
 * for plain words.
 */
export async function nearestNumbers(db: Database, text: string): Promise<NearestNumberT[]> {
  const parsed = normalizeStandardNo(text);
  if (parsed) {
    const want = numberOrderKey(parsed);
    for (const series of seriesVariants(parsed.prefix)) {
      const rows = await inSeries(db, series, want);
      if (rows.length) return rows;
    }
    return neighbours(db, parsed.key);
  }
  const prefix = standardNoSearchKeys(text).prefix;
  return prefix ? neighbours(db, prefix) : [];
}

/** The records of one series nearest to a number-order key, both ways. */
async function inSeries(db: Database, series: string, want: string): Promise<NearestNumberT[]> {
  const digits = want.replace(/^0+/, '');
  const rows = await db.query<Row>(
    `(select ${COLS}, ${NUM} as num from standards where no_prefix = $1 and ${NUM} >= $2
         order by no_prefix, ${NUM}, no_base, no_key limit ${LIMIT})
       union all
       (select ${COLS}, ${NUM} as num from standards where no_prefix = $1 and ${NUM} < $2
         order by no_prefix desc, ${NUM} desc, no_base desc, no_key desc limit ${LIMIT})`,
    [series, want],
  );
  const dist = (r: Row) => Math.abs(Number(r.num) - Number(digits || 0));
  return rows
    .sort((a, b) => dist(a) - dist(b))
    .slice(0, LIMIT)
    .map(({ num: _num, ...r }) => r);
}

async function neighbours(db: Database, key: string): Promise<NearestNumberT[]> {
  return db
    .query<NearestNumberT>(
      `(select ${COLS}, no_key from standards where no_key >= $1 order by no_key limit 3)
     union all
     (select ${COLS}, no_key from standards where no_key < $1 order by no_key desc limit 2)`,
      [key],
    )
    .then((rows) => rows.map((r) => ({ id: r.id, standardNo: r.standardNo, nameZh: r.nameZh, status: r.status })));
}
