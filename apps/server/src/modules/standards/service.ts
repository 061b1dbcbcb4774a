import {
  REGION_CODES,
  RELATION_LABELS,
  SEARCH_KEYWORD_MAX,
  SEARCH_KEYWORD_TOO_LONG,
  standardNoSearchKeys,
  type Page,
  type RelationKind,
  type SearchSort,
  type StandardLevel,
  type StandardNature,
  type StandardStatus,
  type StandardSummary,
} from '@zs/shared';
import type { Database } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/envelope.ts';
import { highlight, queryTokens } from '../../lib/segment.ts';
import * as repo from './repository.ts';

export interface SearchParams {
  keyword?: string;
  level?: StandardLevel;
  status?: StandardStatus;
  nature?: StandardNature;
  ccs?: string;
  ics?: string;
  region?: string;
  department?: string;
  publishFrom?: string;
  publishTo?: string;
  implementFrom?: string;
  implementTo?: string;
  sort?: SearchSort;
  page?: number;
  size?: number;
}

/** Control characters out, NFKC, spaces collapsed; the length rule applies to what remains. */
export function cleanKeyword(raw: string | undefined): string {
  if (!raw) return '';
  const s = raw
    .normalize('NFKC')
    // eslint-disable-next-line no-control-regex -- stripping control characters is the point
    .replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028\u2029\ufeff]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (s.length > SEARCH_KEYWORD_MAX) throw badRequest(SEARCH_KEYWORD_TOO_LONG);
  return s;
}

interface Built extends repo.SearchSql {
  whereParams: number;
  score?: string;
  terms: string[];
  hasKeyword: boolean;
}

/**
 * The WHERE clause and relevance score of a search. Keyword: number keys (exact, /T twins, without
 * year, typed prefix) OR all title tokens (`search_tokens @> …`, GIN). Score: number matches first,
 * then exact / leading / contained title, then the share of the title the keyword covers.
 */
export function buildSearch(p: SearchParams, kw: string, sort: SearchSort = 'relevance'): Built {
  const params: unknown[] = [];
  const add = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const where: string[] = [];
  let scoreOf: (() => string) | undefined;
  let terms: string[] = [];
  if (kw) {
    const keys = standardNoSearchKeys(kw);
    const q = queryTokens(kw);
    terms = q.terms;
    const any: string[] = [];
    const exact = keys.exact.length ? add(keys.exact) : undefined;
    const base = keys.base.length ? add(keys.base) : undefined;
    const prefix = keys.prefix ? add(`${repo.likeLiteral(keys.prefix)}%`) : undefined;
    if (exact) any.push(`no_key = any(${exact}::text[])`);
    if (base) any.push(`no_base = any(${base}::text[])`);
    if (prefix) any.push(`no_key like ${prefix}`);
    // A keyword that parses as a whole number is looked up by number only: its title tokens
    // ('gb', 't', digits) are among the most frequent and would only add a costly GIN intersection.
    const tokens = q.tokens.length && !keys.base.length ? add(q.tokens) : undefined;
    if (tokens) any.push(`search_tokens @> ${tokens}::text[]`);
    where.push(any.length ? `(${any.join(' or ')})` : 'false');
    scoreOf = () => {
      const k = add(kw);
      const kLike = add(`${repo.likeLiteral(kw)}%`);
      const kLower = add(kw.toLowerCase());
      const noScore = [
        exact ? `when no_key = (${exact}::text[])[1] then 1000 when no_key = any(${exact}::text[]) then 950` : '',
        base ? `when no_base = (${base}::text[])[1] then 900 when no_base = any(${base}::text[]) then 850` : '',
        prefix ? `when no_key like ${prefix} then 800` : '',
      ]
        .filter(Boolean)
        .join(' ');
      return `((case ${noScore || 'when false then 0'} else 0 end)
        + (case when name_zh = ${k} then 300 when name_zh like ${kLike} then 200 when strpos(name_zh, ${k}) > 0 then 100
                when strpos(lower(coalesce(name_en, '')), ${kLower}) > 0 then 80 else 0 end)
        + 50.0 * least(char_length(${k}), char_length(name_zh)) / greatest(char_length(name_zh), 1))`;
    };
  }
  if (p.level) where.push(`level = ${add(p.level)}`);
  if (p.status) where.push(`status = ${add(p.status)}`);
  if (p.nature) where.push(`nature = ${add(p.nature)}`);
  if (p.ccs) where.push(`ccs_code like ${add(`${repo.likeLiteral(p.ccs.toUpperCase())}%`)}`);
  if (p.ics) where.push(`ics_code like ${add(`${repo.likeLiteral(p.ics)}%`)}`);
  if (p.region) {
    const code = REGION_CODES[p.region] ?? (/^\d{2,6}$/.test(p.region) ? p.region : undefined);
    // 中山 = region code 4420 (DB4420 numbers) or a record labelled 中山; 广东 44 includes its cities.
    where.push(code ? `(region_code like ${add(`${code}%`)} or region = ${add(p.region)})` : `region = ${add(p.region)}`);
  }
  if (p.department) where.push(`strpos(department, ${add(p.department)}) > 0`);
  if (p.publishFrom) where.push(`publish_date >= ${add(p.publishFrom)}::date`);
  if (p.publishTo) where.push(`publish_date <= ${add(p.publishTo)}::date`);
  if (p.implementFrom) where.push(`implement_date >= ${add(p.implementFrom)}::date`);
  if (p.implementTo) where.push(`implement_date <= ${add(p.implementTo)}::date`);
  // Score parameters come after the WHERE ones, so the count query can pass only the latter.
  const whereParams = params.length;
  const score = scoreOf && sort === 'relevance' ? scoreOf() : undefined;
  return { where, params, whereParams, score, terms, hasKeyword: !!kw };
}

/** Table-qualified: the select list aliases id::int and date::text, which must not shadow the indexed columns. */
function orderOf(sort: SearchSort, b: Built): string {
  if (sort === 'no') return 'standards.no_key asc, standards.id asc';
  if (sort === 'publish') return 'standards.publish_date desc nulls last, standards.id desc';
  const recent = 'standards.implement_date desc nulls last, standards.id desc';
  if (sort === 'implement' || !b.score) return recent;
  return `${b.score} desc, ${recent}`;
}

function toSummary(r: repo.SummaryRow, terms: string[]): StandardSummary {
  return {
    id: r.id,
    standardNo: r.standard_no,
    nameZh: r.name_zh,
    nameEn: r.name_en,
    level: r.level as StandardLevel,
    nature: r.nature as StandardNature | null,
    status: r.status as StandardStatus,
    publishDate: r.publish_date,
    implementDate: r.implement_date,
    region: r.region,
    ccsCode: r.ccs_code,
    icsCode: r.ics_code,
    highlight: highlight(r.name_zh, terms),
  };
}

export async function searchStandards(
  db: Database,
  p: SearchParams,
  opts: { withTotal?: boolean } = {},
): Promise<Page<StandardSummary>> {
  const kw = cleanKeyword(p.keyword);
  const page = p.page ?? 1;
  const size = p.size ?? 20;
  const sort = p.sort ?? 'relevance';
  const b = buildSearch(p, kw, sort);
  // A keyword with nothing searchable in it (only punctuation or wildcards) matches nothing.
  if (b.where.includes('false')) return { total: 0, list: [], page, size };
  const [rows, total] = await Promise.all([
    repo.selectPage(db, b, orderOf(sort, b), size, (page - 1) * size),
    opts.withTotal === false
      ? Promise.resolve(-1)
      : repo.countMatches(db, { where: b.where, params: b.params.slice(0, b.whereParams) }),
  ]);
  return { total: total < 0 ? rows.length : total, list: rows.map((r) => toSummary(r, b.terms)), page, size };
}

/** Search-box suggestions: the ten best numbers and titles, no count. */
export async function suggest(db: Database, keyword: string | undefined) {
  const kw = cleanKeyword(keyword);
  if (!kw) return [];
  const r = await searchStandards(db, { keyword: kw, size: 10 }, { withTotal: false });
  return r.list.map((s) => ({ id: s.id, standardNo: s.standardNo, nameZh: s.nameZh, highlight: s.highlight }));
}

const relLabel = (kind: string, dir: 'forward' | 'reverse') => RELATION_LABELS[kind as RelationKind]?.[dir] ?? kind;

export async function standardDetail(db: Database, idText: string) {
  if (!/^\d{1,15}$/.test(idText)) throw notFound('标准不存在');
  const id = Number(idText);
  const d = await repo.findDetail(db, id);
  if (!d) throw notFound('标准不存在');
  const [rel, history] = await Promise.all([repo.findRelations(db, id, String(d.no_key)), repo.findHistory(db, id)]);
  return {
    id: d.id as number,
    standardNo: d.standard_no as string,
    noKey: d.no_key as string,
    nameZh: d.name_zh as string,
    nameEn: (d.name_en as string | null) ?? null,
    level: d.level as StandardLevel,
    nature: (d.nature as StandardNature | null) ?? null,
    status: d.status as StandardStatus,
    publishDate: (d.publish_date as string | null) ?? null,
    implementDate: (d.implement_date as string | null) ?? null,
    abolishDate: (d.abolish_date as string | null) ?? null,
    ccsCode: (d.ccs_code as string | null) ?? null,
    ccsName: (d.ccs_name as string | null) ?? null,
    icsCode: (d.ics_code as string | null) ?? null,
    icsNameEn: (d.ics_name_en as string | null) ?? null,
    icsNameZh: (d.ics_name_zh as string | null) ?? null,
    department: (d.department as string | null) ?? null,
    committee: (d.committee as string | null) ?? null,
    issuer: (d.issuer as string | null) ?? null,
    draftingUnits: (d.drafting_units as string | null) ?? null,
    drafters: (d.drafters as string | null) ?? null,
    adoptedNo: (d.adopted_no as string | null) ?? null,
    adoptionDegree: (d.adoption_degree as string | null) ?? null,
    scope: (d.scope as string | null) ?? null,
    notes: (d.notes as string | null) ?? null,
    region: (d.region as string | null) ?? null,
    regionCode: (d.region_code as string | null) ?? null,
    category: (d.category as string | null) ?? null,
    officialUrl: (d.official_url as string | null) ?? null,
    /** What this standard replaces (followed down the chain). */
    replaces: rel.forward.map((r) => ({
      kind: r.kind,
      label: relLabel(r.kind, 'forward'),
      standardNo: r.related_no,
      id: r.related_id ?? null,
      via: r.depth > 1 ? r.standard_no : null,
      inferred: r.inferred,
      note: r.note,
      depth: r.depth,
    })),
    /** What replaces this standard (followed up the chain). */
    replacedBy: rel.reverse.map((r) => ({
      kind: r.kind,
      label: relLabel(r.kind, 'reverse'),
      standardNo: r.standard_no,
      id: r.standard_id,
      inferred: r.inferred,
      note: r.note,
      depth: r.depth,
    })),
    statusHistory: history.map((h) => ({
      oldStatus: h.old_status,
      newStatus: h.new_status,
      changedAt: h.changed_at,
      source: h.source,
    })),
    sourceCredit: d.source
      ? {
          source: d.source as string,
          licence: (d.licence as string | null) ?? null,
          sourceRef: (d.source_ref as string | null) ?? null,
        }
      : null,
  };
}

export async function standardStats(db: Database, today = new Date().toISOString().slice(0, 10)) {
  const s = await repo.stats(db, today);
  return {
    total: s.totals.total,
    byLevel: Object.fromEntries(s.byLevel.map((r) => [r.key, r.n])),
    byStatus: Object.fromEntries(s.byStatus.map((r) => [r.key, r.n])),
    newlyPublished: s.totals.newly,
    upcoming: s.totals.upcoming,
  };
}

export async function ccsList(db: Database) {
  return repo.listCcs(db);
}

export async function icsList(db: Database) {
  return (await repo.listIcs(db)).map((r) => ({
    code: r.code,
    nameEn: r.name_en,
    nameZh: r.name_zh,
    level: r.level,
    parent: r.parent,
  }));
}
