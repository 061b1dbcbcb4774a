import type { DocCheckSummaryT, DocCitationInputT, DocCitationT, SavedDocCheckT } from '@zs/shared/api/document-check';
import { DOC_CHECK_SAVED_MAX } from '@zs/shared/api/document-check';
import type { Database } from '../../../db/client.ts';
import { badRequest, notFound } from '../../../lib/envelope.ts';
import { recheck, summarise } from './service.ts';

/**
 * A signed-in user's saved document checks (issue 26): the citations as read (number, title, place, context)
 * and their verdicts when saved, never the document, so running one again shows what changed since.
 */

interface Row {
  id: number;
  name: string | null;
  citations: DocCitationInputT[];
  verdicts: { verdict: DocCitationT['verdict']; standardNo: string | null }[];
  summary: DocCheckSummaryT;
  created_at: string;
}

const toSaved = (r: Pick<Row, 'id' | 'name' | 'summary' | 'created_at'>): SavedDocCheckT => ({
  id: r.id,
  name: r.name,
  summary: r.summary,
  createdAt: new Date(r.created_at).toISOString(),
});

const inputOf = (c: DocCitationT): DocCitationInputT => ({
  text: c.text,
  cited: c.cited,
  citedTitle: c.citedTitle,
  page: c.page,
  paragraph: c.paragraph,
  part: c.part,
  context: c.context,
});

/** Checks the citations again (the catalogue decides their verdicts, not the client) and keeps them. */
export async function saveCheck(db: Database, userId: number, name: string | null, input: DocCitationInputT[]): Promise<number> {
  const held = await db.query<{ n: number }>('select count(*)::int as n from doc_check_results where user_id = $1', [userId]);
  if (held[0]!.n >= DOC_CHECK_SAVED_MAX) throw badRequest(`最多保存${DOC_CHECK_SAVED_MAX}份核查结果，请先删除不需要的`);
  const checked = await recheck(db, input);
  const rows = await db.query<{ id: number }>(
    `insert into doc_check_results (user_id, name, citations, verdicts, summary)
     values ($1, $2, $3::jsonb, $4::jsonb, $5::jsonb) returning id::int as id`,
    [
      userId,
      name,
      JSON.stringify(checked.map(inputOf)),
      JSON.stringify(checked.map((c) => ({ verdict: c.verdict, standardNo: c.standardNo }))),
      JSON.stringify(summarise(checked)),
    ],
  );
  return rows[0]!.id;
}

export async function listChecks(db: Database, userId: number): Promise<SavedDocCheckT[]> {
  const rows = await db.query<Row>(
    `select id::int as id, name, summary, created_at::text as created_at
     from doc_check_results where user_id = $1 order by id desc`,
    [userId],
  );
  return rows.map(toSaved);
}

/** The saved citations checked now, and those whose verdict or matched record changed since they were saved. */
export async function rerunCheck(db: Database, userId: number, id: number) {
  const rows = await db.query<Row>(
    `select id::int as id, name, citations, verdicts, summary, created_at::text as created_at
     from doc_check_results where id = $1 and user_id = $2`,
    [id, userId],
  );
  const row = rows[0];
  if (!row) throw notFound('核查结果不存在');
  const citations = await recheck(db, row.citations);
  const changes = citations.flatMap((c, i) => {
    const before = row.verdicts[i];
    if (!before || (before.verdict === c.verdict && before.standardNo === c.standardNo)) return [];
    return [{ index: c.index, text: c.text, before, after: { verdict: c.verdict, standardNo: c.standardNo } }];
  });
  return { saved: toSaved(row), citations, summary: summarise(citations), changes };
}

export async function deleteCheck(db: Database, userId: number, id: number): Promise<void> {
  const rows = await db.query('delete from doc_check_results where id = $1 and user_id = $2 returning id', [id, userId]);
  if (!rows.length) throw notFound('核查结果不存在');
}
