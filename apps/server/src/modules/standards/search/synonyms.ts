import type { Database } from '../../../db/client.ts';
import { badRequest } from '../../../lib/envelope.ts';

/** Synonym groups: every term of a group finds titles holding any other term of it. */
export type SynonymGroups = readonly (readonly string[])[];

const MAX_VARIANTS = 6;

/**
 * The keyword and its synonym variants (`砼结构` → `混凝土结构`), keyword first. Longer terms are
 * replaced first so `钢筋混凝土` becomes `钢砼` as a whole, not `钢筋砼` only.
 */
export function expandSynonyms(keyword: string, groups: SynonymGroups): string[] {
  const out = [keyword];
  const pairs = groups
    .flatMap((g) => g.map((from) => ({ from, to: g.filter((t) => t !== from) })))
    .filter((p) => p.from)
    .sort((a, b) => b.from.length - a.from.length);
  for (let i = 0; i < out.length && out.length < MAX_VARIANTS; i++) {
    for (const { from, to } of pairs) {
      if (!out[i]!.includes(from)) continue;
      for (const t of to) {
        const v = out[i]!.split(from).join(t);
        if (!out.includes(v) && out.length < MAX_VARIANTS) out.push(v);
      }
    }
  }
  return out;
}

const cache = new WeakMap<Database, { version: number; groups: SynonymGroups }>();

/** Groups as of a catalogue version (the synonym table bumps it on every edit). */
export async function loadSynonyms(db: Database, version: number): Promise<SynonymGroups> {
  const hit = cache.get(db);
  if (hit && hit.version === version) return hit.groups;
  const rows = await db.query<{ terms: string[] }>('select terms from search_synonyms order by id');
  const groups = rows.map((r) => r.terms);
  cache.set(db, { version, groups });
  return groups;
}

export interface SynonymRow {
  id: number;
  terms: string[];
  note: string | null;
  updatedAt: string;
}

export async function listSynonyms(db: Database): Promise<SynonymRow[]> {
  return db.query<SynonymRow>(
    `select id::int as id, terms, note, updated_at::text as "updatedAt" from search_synonyms order by id`,
  );
}

function cleanTerms(terms: string[]): string[] {
  const t = [...new Set(terms.map((s) => s.normalize('NFKC').trim()).filter(Boolean))];
  if (t.length < 2) throw badRequest('同义词组至少需要两个不同的词');
  return t;
}

export async function saveSynonyms(db: Database, id: number | undefined, terms: string[], note?: string | null) {
  const t = cleanTerms(terms);
  const rows = id
    ? await db.query<{ id: number }>(
        'update search_synonyms set terms = $2, note = $3, updated_at = now() where id = $1 returning id::int as id',
        [id, t, note ?? null],
      )
    : await db.query<{ id: number }>('insert into search_synonyms (terms, note) values ($1, $2) returning id::int as id', [
        t,
        note ?? null,
      ]);
  return rows[0];
}

export async function deleteSynonyms(db: Database, id: number) {
  const rows = await db.query<{ id: number }>('delete from search_synonyms where id = $1 returning id::int as id', [id]);
  return rows.length > 0;
}
