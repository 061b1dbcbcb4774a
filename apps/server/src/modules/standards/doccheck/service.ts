import type { BatchCheckLineT } from '@zs/shared';
import type {
  DocCheckResultT,
  DocCheckSummaryT,
  DocCitationInputT,
  DocCitationT,
  DocVerdict,
} from '@zs/shared/api/document-check';
import type { Database } from '../../../db/client.ts';
import { clock } from '../../../lib/clock.ts';
import { batchCheck } from '../search/batch-check.ts';
import { standardNamesByIds } from '../catalogue/repository.ts';
import { looksLikeStandardTitle, titleKey } from './extract.ts';
import { findCitations, type Found } from './find.ts';
import type { ReadDocument } from './readers.ts';
import { normalizeStandardNo } from '@zs/shared';

/**
 * The document check (issue 26, docs/document-check.md): citations found with the shared grammar (extract.ts),
 * then checked as the batch check checks numbers (batch-check.ts), plus titles alone in 《》 matched by title.
 */

/**
 * Repaired readings the catalogue confirms replace the plain readings they overlap; the others are dropped
 * (one query for all of them).
 */
export async function confirmRepairs(db: Database, found: Found[]): Promise<Found[]> {
  const wanted = [...new Set(found.flatMap((f) => (f.repaired && f.no ? [f.no.key] : [])))];
  if (!wanted.length) return found;
  const rows = await db.query<{ no_key: string }>('select no_key from standards where no_key = any($1::text[])', [wanted]);
  const known = new Set(rows.map((r) => r.no_key));
  const confirmed = found.filter((f) => f.repaired && known.has(f.no!.key));
  return found.filter((f) => {
    if (f.repaired) return confirmed.includes(f);
    return !confirmed.some((c) => c.start < f.end && f.start < c.end);
  });
}

interface TitleRow {
  id: number;
  standard_no: string;
  name_zh: string;
  status: string;
  implement_date: string | null;
}
const IN_FORCE = new Set(['current', 'upcoming']);

/** Records whose title is one of these, the edition in force first, then the newest. */
async function recordsByTitle(db: Database, titles: string[]): Promise<Map<string, TitleRow>> {
  if (!titles.length) return new Map();
  const rows = await db.query<TitleRow>(
    `select id::int as id, standard_no, name_zh, status, implement_date::text as implement_date
     from standards where name_zh = any($1::text[])`,
    [titles],
  );
  rows.sort(
    (a, b) =>
      Number(IN_FORCE.has(b.status)) - Number(IN_FORCE.has(a.status)) ||
      (b.implement_date ?? '').localeCompare(a.implement_date ?? '') ||
      b.id - a.id,
  );
  const out = new Map<string, TitleRow>();
  for (const r of rows) if (!out.has(titleKey(r.name_zh))) out.set(titleKey(r.name_zh), r);
  return out;
}

async function checkNumbers(db: Database, numbers: string[]): Promise<Map<string, BatchCheckLineT>> {
  const out = new Map<string, BatchCheckLineT>();
  for (let i = 0; i < numbers.length; i += 1000) {
    const chunk = numbers.slice(i, i + 1000);
    const r = await batchCheck(db, chunk);
    r.lines.forEach((l, j) => out.set(chunk[j]!, l));
  }
  return out;
}

function verdictOf(status: string, replaced: boolean): DocVerdict {
  if (status === 'current') return 'current';
  if (status === 'upcoming' || status === 'drafting') return 'upcoming';
  if (status === 'replaced' || status === 'updated') return 'superseded';
  return replaced ? 'superseded' : 'abolished';
}

const citedOf = (f: Pick<Found, 'no'>) => (f.no ? f.no.display + (f.no.amendment ? ` ${f.no.amendment}` : '') : null);

/** The verdict of each citation found (title-only ones that read as neither a standard nor a record are dropped). */
export async function checkFound(db: Database, found: Found[]): Promise<DocCitationT[]> {
  const numbers = [...new Set(found.flatMap((f) => (f.no ? [f.no.display] : [])))];
  const titlesAlone = [...new Set(found.flatMap((f) => (!f.no && f.title ? [f.title.trim()] : [])))];
  const byTitle = await recordsByTitle(db, [...new Set(titlesAlone.flatMap((t) => [t, t.normalize('NFKC')]))]);
  const titleNumbers = [...byTitle.values()].map((r) => r.standard_no);
  const lines = await checkNumbers(db, [...new Set([...numbers, ...titleNumbers])]);
  const ids = new Set<number>();
  for (const l of lines.values()) {
    if (l.record) ids.add(l.record.id);
    if (l.record?.replacedBy) ids.add(l.record.replacedBy.id);
  }
  const names = await standardNamesByIds(db, [...ids]);
  const ref = (r: { id: number; standardNo: string } | null | undefined) =>
    r ? { id: r.id, standardNo: r.standardNo, nameZh: names.get(r.id)?.nameZh ?? '' } : null;

  const out: DocCitationT[] = [];
  for (const f of found) {
    const byT = !f.no && f.title ? byTitle.get(titleKey(f.title)) : undefined;
    if (!f.no && !byT && !(f.title && looksLikeStandardTitle(f.title))) continue;
    const line = f.no ? lines.get(f.no.display) : byT ? lines.get(byT.standard_no) : undefined;
    const rec = line?.record ?? null;
    const base = {
      index: out.length + 1,
      text: f.text,
      cited: citedOf(f),
      citedTitle: f.title,
      page: f.page,
      paragraph: f.paragraph,
      part: f.part,
      ocr: f.ocr,
      context: f.context,
      start: f.start,
      end: f.end,
    };
    if (!rec) {
      out.push({
        ...base,
        recordId: null,
        standardNo: null,
        nameZh: null,
        status: null,
        implementDate: null,
        abolishDate: null,
        replacedBy: null,
        inForce: null,
        verdict: 'notFound',
        titleMismatch: false,
        note: f.no ? '目录中未收录该编号，可查看相近编号或反馈缺失标准' : '目录中未找到该名称的标准',
        nearest: line?.nearest ?? [],
      });
      continue;
    }
    const replacedBy = ref(rec.replacedBy);
    const self = ref(rec);
    let verdict = verdictOf(rec.status, Boolean(replacedBy));
    const notes: string[] = [];
    let inForce: DocCitationT['inForce'] = null;
    if (f.no && !f.no.year) {
      inForce = IN_FORCE.has(rec.status) ? self : replacedBy;
      verdict = 'yearMissing';
      notes.push(inForce ? `未写年份，现行版本为 ${inForce.standardNo}` : '未写年份，目录中没有现行版本');
    }
    if (verdict === 'upcoming' && rec.implementDate) notes.push(`将于 ${rec.implementDate} 实施`);
    if (verdict === 'superseded')
      notes.push(replacedBy ? `已被 ${replacedBy.standardNo}《${replacedBy.nameZh}》代替` : '已被代替');
    if (verdict === 'abolished') notes.push(rec.abolishDate ? `已于 ${rec.abolishDate} 废止` : '已废止');
    if (f.no) {
      const recNo = normalizeStandardNo(rec.standardNo);
      if (recNo && recNo.prefix !== f.no.prefix) notes.push(`编号现为 ${rec.standardNo}`);
    }
    const titleMismatch = Boolean(f.no && f.title && titleKey(f.title) !== titleKey(rec.nameZh));
    if (titleMismatch) notes.push(`所引名称《${f.title}》与目录记录名称《${rec.nameZh}》不一致（更名前的名称或其他版本）`);
    out.push({
      ...base,
      recordId: rec.id,
      standardNo: rec.standardNo,
      nameZh: rec.nameZh,
      status: rec.status,
      implementDate: rec.implementDate,
      abolishDate: rec.abolishDate,
      replacedBy,
      inForce,
      verdict,
      titleMismatch,
      note: notes.join('；') || null,
      nearest: [],
    });
  }
  return out;
}

export function summarise(citations: DocCitationT[]): DocCheckSummaryT {
  const s: DocCheckSummaryT = {
    cited: citations.length,
    current: 0,
    upcoming: 0,
    superseded: 0,
    abolished: 0,
    yearMissing: 0,
    notFound: 0,
    titleMismatch: 0,
  };
  for (const c of citations) {
    s[c.verdict]++;
    if (c.titleMismatch) s.titleMismatch++;
  }
  return s;
}

/** The whole answer for a document read (or text pasted). */
export async function checkDocument(
  db: Database,
  doc: ReadDocument | null,
  text: string | null,
  name: string | null,
): Promise<DocCheckResultT> {
  const read: Pick<ReadDocument, 'segments'> = doc ?? {
    segments: (text ?? '')
      .split(/\r?\n/)
      .flatMap((t, i) => (t.trim() ? [{ text: t, page: null, paragraph: i + 1, part: null, ocr: false }] : [])),
  };
  // A document's citations were found on its reader thread (read-thread.ts); pasted text's are found here.
  const { text: joined, found } = doc?.found ?? findCitations(read);
  const citations = await checkFound(db, await confirmRepairs(db, found));
  return {
    document: {
      name,
      kind: doc?.kind ?? 'text',
      pages: doc?.pages ?? null,
      ocrPages: doc?.ocrPages ?? [],
      text: joined,
      notes: doc?.notes ?? [],
    },
    citations,
    summary: summarise(citations),
    checkedAt: new Date(clock.now()).toISOString(),
  };
}

/** The citations a download sends back, checked again so the file shows the catalogue as it is now. */
export async function recheck(db: Database, input: DocCitationInputT[]): Promise<DocCitationT[]> {
  const found: Found[] = input.map((c) => ({
    text: c.text,
    no: c.cited ? (normalizeStandardNo(c.cited) ?? null) : null,
    title: c.citedTitle,
    page: c.page,
    paragraph: c.paragraph,
    part: c.part ?? null,
    ocr: false,
    context: c.context,
    start: 0,
    end: 0,
  }));
  return checkFound(db, found);
}
