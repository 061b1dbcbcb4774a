import {
  normalizeStandardNo,
  standardNoSearchKeys,
  type BatchCheckLineT,
  type BatchCheckResultT,
  type StandardNo,
} from '@zs/shared';
import type { Database } from '../../../db/client.ts';
import { nearestNumbers } from './nearest.ts';
import { findReplacements } from '../catalogue/repository.ts';

interface Row {
  id: number;
  standard_no: string;
  name_zh: string;
  status: string;
  no_key: string;
  no_base: string;
  implement_date: string | null;
  abolish_date: string | null;
}

const IN_FORCE = new Set(['current', 'upcoming']);

/** Of several editions found by a number without year: the one in force, else the newest. */
function bestEdition(rows: Row[]): Row {
  return [...rows].sort(
    (a, b) =>
      Number(IN_FORCE.has(b.status)) - Number(IN_FORCE.has(a.status)) ||
      (b.implement_date ?? '').localeCompare(a.implement_date ?? '') ||
      b.id - a.id,
  )[0]!;
}

/**
 * The keys a line may mean, most exact first, as the search box reads them (standardNoSearchKeys): the number
 * as typed, then its series twins (`GB 50011-2010` for GB/T 50011-2010, `GBZ 19377` for GB/Z 19377 when no
 * GBZ record has it). With a year only that edition counts; without one, any edition of the first base found.
 */
function candidates(line: string, p: StandardNo): { keys: string[]; bases: string[] } {
  const k = standardNoSearchKeys(line);
  return p.year
    ? { keys: [...new Set([p.key, ...k.exact])], bases: [] }
    : { keys: [p.key], bases: [...new Set([p.base, ...k.base])] };
}

/**
 * The batch validity check: every line parsed with the shared grammar, all found in one query (exact
 * keys, then keys without year, each with its series twins), superseded ones with their replacement, unknown
 * ones with the nearest numbers. Lines keep their order and numbering; blank lines are dropped before numbering.
 */
export async function batchCheck(db: Database, inputs: string[]): Promise<BatchCheckResultT> {
  const lines = inputs.map((s) => s.trim()).filter(Boolean);
  const parsed = lines.map((s) => normalizeStandardNo(s));
  const wanted = parsed.map((p, i) => (p ? candidates(lines[i]!, p) : undefined));
  const keys = [...new Set(wanted.flatMap((w) => w?.keys ?? []))];
  const bases = [...new Set(wanted.flatMap((w) => w?.bases ?? []))];
  const rows = keys.length
    ? await db.query<Row>(
        `select id::int as id, standard_no, name_zh, status, no_key, no_base,
           implement_date::text as implement_date, abolish_date::text as abolish_date
         from standards where no_key = any($1::text[]) or no_base = any($2::text[])`,
        [keys, bases],
      )
    : [];
  const byKey = new Map(rows.map((r) => [r.no_key, r]));
  const byBase = new Map<string, Row[]>();
  for (const r of rows) byBase.set(r.no_base, [...(byBase.get(r.no_base) ?? []), r]);
  const matched = wanted.map((w) => {
    if (!w) return undefined;
    for (const k of w.keys) {
      const exact = byKey.get(k);
      if (exact) return exact;
    }
    for (const b of w.bases) {
      const editions = byBase.get(b);
      if (editions?.length) return bestEdition(editions);
    }
    return undefined;
  });
  const replacements = await findReplacements(
    db,
    matched.flatMap((m) => (m && !IN_FORCE.has(m.status) ? [m.id] : [])),
  );
  const out: BatchCheckLineT[] = [];
  for (let i = 0; i < lines.length; i++) {
    const m = matched[i];
    const by = m ? replacements.get(m.id) : undefined;
    out.push({
      line: i + 1,
      input: lines[i]!,
      result: m ? 'found' : parsed[i] ? 'missing' : 'unparsed',
      record: m
        ? {
            id: m.id,
            standardNo: m.standard_no,
            nameZh: m.name_zh,
            status: m.status,
            implementDate: m.implement_date,
            abolishDate: m.abolish_date,
            replacedBy: by ? { id: by.by_id, standardNo: by.by_no } : null,
          }
        : null,
      nearest: m || !parsed[i] ? [] : await nearestNumbers(db, lines[i]!),
    });
  }
  return { total: out.length, found: out.filter((l) => l.result === 'found').length, lines: out };
}
