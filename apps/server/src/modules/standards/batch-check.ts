import { normalizeStandardNo, type BatchCheckLineT, type BatchCheckResultT } from '@zs/shared';
import type { Database } from '../../db/client.ts';
import { nearestNumbers } from './nearest.ts';
import { findReplacements } from './repository.ts';

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
 * The batch validity check: every line parsed with the shared grammar, all found in one query (exact
 * keys, then keys without year), superseded ones with their replacement, unknown ones with the nearest
 * numbers. Lines keep their order and numbering; blank lines are dropped before numbering.
 */
export async function batchCheck(db: Database, inputs: string[]): Promise<BatchCheckResultT> {
  const lines = inputs.map((s) => s.trim()).filter(Boolean);
  const parsed = lines.map((s) => normalizeStandardNo(s));
  const keys = [...new Set(parsed.flatMap((p) => (p ? [p.key] : [])))];
  const bases = [...new Set(parsed.flatMap((p) => (p && !p.year ? [p.base] : [])))];
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
  const matched = parsed.map((p) => {
    if (!p) return undefined;
    const exact = byKey.get(p.key);
    if (exact) return exact;
    const editions = p.year ? undefined : byBase.get(p.base);
    return editions?.length ? bestEdition(editions) : undefined;
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
