import { CONTROL_CHARS_BUT_LINES } from '@zs/shared/control-chars';
// Subpaths, not the package index: the import's worker thread loads these two files, not every API schema and zod.
import { normalizeStandardNo, numberOrderKey } from '@zs/shared/standard-number';
import {
  regionNameOf,
  REGION_CODES,
  STANDARD_LEVEL_LABELS,
  STANDARD_LEVELS,
  STANDARD_NATURE_LABELS,
  STANDARD_NATURES,
  STANDARD_STATUS_LABELS,
  STANDARD_STATUSES,
  type RelationKind,
  type StandardLevel,
  type StandardNature,
  type StandardStatus,
} from '@zs/shared/standards';
import { indexTokens } from '../../../lib/segment.ts';
import { FIELD_LABELS, type Field, type RawRecord } from './mappings.ts';
import { relationsFromNotes, type NoteRelation } from './notes.ts';

/** A validated record ready for the bulk upsert. */
export interface StandardInput {
  standardNo: string;
  noKey: string;
  noBase: string;
  noPrefix: string;
  noYear: number | null;
  /** Number order inside the series (numberOrderKey; migration 0021). */
  noOrder: string;
  nameZh: string;
  nameEn: string | null;
  level: StandardLevel;
  nature: StandardNature | null;
  status: StandardStatus;
  /** false when the source gave no status and it was derived from the dates. */
  statusGiven: boolean;
  publishDate: string | null;
  implementDate: string | null;
  abolishDate: string | null;
  ccsCode: string | null;
  icsCode: string | null;
  department: string | null;
  committee: string | null;
  issuer: string | null;
  draftingUnits: string | null;
  drafters: string | null;
  adoptedNo: string | null;
  adoptionDegree: 'IDT' | 'MOD' | 'NEQ' | null;
  scope: string | null;
  notes: string | null;
  region: string | null;
  regionCode: string | null;
  category: string | null;
  officialUrl: string | null;
  sourceRef: string | null;
  searchTokens: string[];
  relations: NoteRelation[];
}

/** A refusal names the catalogue field at fault (when there is one) so reports can show its column and value. */
export type Validated = { ok: true; record: StandardInput } | { ok: false; reason: string; field?: Field };

// Control characters except tab and newlines never belong in catalogue text.
const str = (v: unknown, max = 2000): string | null => {
  if (v === undefined || v === null) return null;
  const s = (v instanceof Date ? v.toISOString().slice(0, 10) : String(v)).replace(CONTROL_CHARS_BUT_LINES, '').trim();
  return s ? s.slice(0, max) : null;
};

/** YYYY-M-D in any of - / . 年月日, an Excel Date, or an Excel serial day; checked as a real date. */
export function parseDate(v: unknown): string | null | undefined {
  if (v === undefined || v === null || v === '') return null;
  if (v instanceof Date) {
    if (Number.isNaN(v.getTime())) return undefined;
    return v.toISOString().slice(0, 10);
  }
  if (typeof v === 'number') {
    if (v < 1 || v > 100000) return undefined;
    return new Date(Date.UTC(1899, 11, 30) + Math.round(v) * 86400000).toISOString().slice(0, 10);
  }
  const text = String(v);
  // Most sources write plain ASCII YYYY-M-D: no NFKC pass needed (an import's hottest field check).
  const m = PLAIN_DATE.exec(text) ?? ANY_DATE.exec(text.normalize('NFKC').trim());
  if (!m) return text.trim() ? undefined : null;
  return calendarDate(Number(m[1]), Number(m[2]), Number(m[3]));
}
const PLAIN_DATE = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
const ANY_DATE = /^(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?(?:[ T].*)?$/;

/** YYYY-MM-DD of a real day between 1900 and 2200, else undefined. */
function calendarDate(y: number, mo: number, d: number): string | undefined {
  if (y < 1900 || y > 2200 || mo < 1 || mo > 12 || d < 1) return undefined;
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  const days = mo === 2 ? (leap ? 29 : 28) : [4, 6, 9, 11].includes(mo) ? 30 : 31;
  if (d > days) return undefined;
  return `${y}-${mo < 10 ? '0' : ''}${mo}-${d < 10 ? '0' : ''}${d}`;
}

function lookup<T extends string>(
  v: unknown,
  codes: readonly T[],
  labels: Record<T, string>,
  aliases: Record<string, T> = {},
): T | null | undefined {
  const s = str(v);
  if (!s) return null;
  const low = s.toLowerCase();
  if ((codes as readonly string[]).includes(low)) return low as T;
  for (const c of codes) if (labels[c] === s) return c;
  return aliases[s];
}

const LEVEL_ALIASES: Record<string, StandardLevel> = {
  国家: 'national',
  国标: 'national',
  行业: 'industry',
  行标: 'industry',
  地方: 'local',
  地标: 'local',
  团体: 'group',
  团标: 'group',
  企业: 'enterprise',
  国际: 'international',
};
const NATURE_ALIASES: Record<string, StandardNature> = {
  强制: 'mandatory',
  推荐: 'recommended',
  指导: 'guidance',
  强制标准: 'mandatory',
  推荐标准: 'recommended',
};
const STATUS_ALIASES: Record<string, StandardStatus> = {
  现行有效: 'current',
  有效: 'current',
  作废: 'abolished',
  已废止: 'abolished',
  暂缓实施: 'suspended',
  未实施: 'upcoming',
  尚未实施: 'upcoming',
  征求意见: 'drafting',
  在研: 'drafting',
};

/** Checks one mapped row; `today` (YYYY-MM-DD) decides 即将实施 when the source gives no status. */
export function validateRecord(raw: RawRecord, today: string): Validated {
  if ((raw as { __invalid?: boolean }).__invalid) return { ok: false, reason: '不是有效的 JSON 对象' };
  const noText = str(raw.standardNo, 200);
  if (!noText) return { ok: false, reason: '缺少标准编号', field: 'standardNo' };
  const no = normalizeStandardNo(noText);
  if (!no) return { ok: false, reason: `无法识别的标准编号：${noText.slice(0, 60)}`, field: 'standardNo' };
  const nameZh = str(raw.nameZh, 500);
  if (!nameZh) return { ok: false, reason: '缺少标准名称', field: 'nameZh' };

  const dates: Record<'publishDate' | 'implementDate' | 'abolishDate', string | null> = {
    publishDate: null,
    implementDate: null,
    abolishDate: null,
  };
  for (const f of ['publishDate', 'implementDate', 'abolishDate'] as const) {
    const d = parseDate(raw[f]);
    if (d === undefined)
      return { ok: false, reason: `日期无法识别（${FIELD_LABELS[f]}）：${String(raw[f]).slice(0, 40)}`, field: f };
    dates[f] = d;
  }
  const level = lookup(raw.level, STANDARD_LEVELS, STANDARD_LEVEL_LABELS, LEVEL_ALIASES);
  if (level === undefined) return { ok: false, reason: `未知的标准级别：${String(raw.level).slice(0, 20)}`, field: 'level' };
  const nature = lookup(raw.nature, STANDARD_NATURES, STANDARD_NATURE_LABELS, NATURE_ALIASES);
  if (nature === undefined) return { ok: false, reason: `未知的标准性质：${String(raw.nature).slice(0, 20)}`, field: 'nature' };
  const status = lookup(raw.status, STANDARD_STATUSES, STANDARD_STATUS_LABELS, STATUS_ALIASES);
  if (status === undefined) return { ok: false, reason: `未知的标准状态：${String(raw.status).slice(0, 20)}`, field: 'status' };
  const degree = str(raw.adoptionDegree)?.toUpperCase() ?? null;
  if (degree && !['IDT', 'MOD', 'NEQ'].includes(degree))
    return { ok: false, reason: `未知的采标程度：${degree.slice(0, 10)}`, field: 'adoptionDegree' };

  const notes = [str(raw.notes), ...(raw.extraNotes ?? [])].filter(Boolean) as string[];
  if (dates.publishDate && dates.implementDate && dates.publishDate > dates.implementDate) {
    // Kept as published (two real Shanghai records do this); the reader is told.
    notes.push(`数据说明：来源记录的批准/发布日期（${dates.publishDate}）晚于实施日期（${dates.implementDate}），按来源保留。`);
  }
  const displayNo = no.display;
  if (displayNo !== noText.replace(/\s+/g, ' ').trim()) notes.push(`来源编号写法：${noText}`);

  const regionText = str(raw.region, 50);
  const regionCode = (regionText && REGION_CODES[regionText]) || no.regionCode || null;
  const region = regionText ?? regionNameOf(no.regionCode) ?? null;

  const relations = relationsFromNotes(str(raw.notes) ?? undefined);
  for (const r of String(raw.replaces ?? '').split(/[,，;；、]/)) {
    const n = r.trim() && normalizeStandardNo(r.trim());
    if (n)
      relations.push({
        subject: 'self',
        kind: 'replaces' as RelationKind,
        no: n.display,
        key: n.key,
        note: '来源字段：代替标准',
      });
  }

  const nameEn = str(raw.nameEn, 500);
  return {
    ok: true,
    record: {
      standardNo: displayNo,
      noKey: no.key,
      noBase: no.base,
      noPrefix: no.prefix,
      noYear: no.year ? Number(no.year) : null,
      noOrder: numberOrderKey(no),
      nameZh,
      nameEn,
      level: level ?? no.level,
      nature: nature ?? no.nature ?? null,
      status: status ?? (dates.implementDate && dates.implementDate > today ? 'upcoming' : 'current'),
      statusGiven: status !== null,
      ...dates,
      ccsCode: str(raw.ccsCode, 20)?.toUpperCase() ?? null,
      icsCode: str(raw.icsCode, 30) ?? null,
      department: str(raw.department, 200),
      committee: str(raw.committee, 300),
      issuer: str(raw.issuer, 300),
      draftingUnits: str(raw.draftingUnits),
      drafters: str(raw.drafters),
      adoptedNo: str(raw.adoptedNo, 200),
      adoptionDegree: degree as StandardInput['adoptionDegree'],
      scope: str(raw.scope, 5000),
      notes: notes.length ? notes.join('\n') : null,
      region,
      regionCode,
      category: str(raw.category, 100),
      officialUrl: str(raw.officialUrl, 1000),
      sourceRef: str(raw.sourceRef, 1000),
      // The number's Han edition note (年版) is not a title word; its latin/digit parts are tokens.
      searchTokens: indexTokens({
        texts: [nameZh, nameEn, displayNo.replace(/\p{Script=Han}+/gu, ' ')],
        numberKeys: [no.key, no.base, no.prefix, no.number],
      }),
      relations,
    },
  };
}
