/**
 * Column mappings per source (docs/import.md). Each target field lists the source columns that may
 * carry it; the first non-empty one wins. `defaults` fill fields the source does not have.
 */
export const FIELDS = [
  'standardNo',
  'nameZh',
  'nameEn',
  'level',
  'nature',
  'status',
  'publishDate',
  'implementDate',
  'abolishDate',
  'ccsCode',
  'icsCode',
  'department',
  'committee',
  'issuer',
  'draftingUnits',
  'drafters',
  'adoptedNo',
  'adoptionDegree',
  'scope',
  'notes',
  'region',
  'category',
  'officialUrl',
  'sourceRef',
  'replaces',
] as const;
export type Field = (typeof FIELDS)[number];
export type RawRecord = Partial<Record<Field, unknown>> & { extraNotes?: string[] };

export interface Mapping {
  name: string;
  description: string;
  columns: Partial<Record<Field, string[]>>;
  defaults?: Partial<Record<Field, string>>;
  /** Source columns appended to notes as "label：value". */
  noteColumns?: Record<string, string>;
}

const snake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Field names themselves (camelCase and snake_case) plus the usual Chinese export headers. */
const generic: Mapping = {
  name: 'generic',
  description: '通用：英文字段名（camelCase / snake_case）或常见中文表头',
  columns: {
    standardNo: ['标准号', '标准编号', '编号'],
    nameZh: ['标准名称', '中文名称', '中文标准名称', '名称'],
    nameEn: ['英文名称', '英文标准名称'],
    level: ['标准级别', '级别', '标准类别'],
    nature: ['标准性质', '性质', '属性'],
    status: ['标准状态', '状态'],
    publishDate: ['发布日期', '批准日期'],
    implementDate: ['实施日期'],
    abolishDate: ['废止日期'],
    ccsCode: ['中国标准分类号', 'CCS', 'ccs'],
    icsCode: ['国际标准分类号', 'ICS', 'ics'],
    department: ['主管部门'],
    committee: ['归口单位', '技术委员会', '归口部门'],
    issuer: ['发布单位', '发布部门'],
    draftingUnits: ['起草单位'],
    drafters: ['起草人'],
    adoptedNo: ['采标号', '采用国际标准号', '采用国际标准'],
    adoptionDegree: ['采标程度', '一致性程度'],
    scope: ['适用范围', '范围'],
    notes: ['备注'],
    region: ['地区', '地域'],
    category: ['分类', '类别'],
    officialUrl: ['官方链接', '链接', '网址'],
    replaces: ['代替标准', '代替'],
  },
};
for (const f of Object.keys(generic.columns) as Field[]) generic.columns[f]!.unshift(f, snake(f));
generic.columns.sourceRef = ['sourceRef', 'source_ref'];

export const MAPPINGS: Record<string, Mapping> = {
  generic,
  // github zhiyao87/Arch-Standards-Index data/standards.csv
  'arch-standards-csv': {
    name: 'arch-standards-csv',
    description: 'Arch-Standards-Index 国家/行业建筑标准 CSV（编号,名称,分类,属性,实施日期,状态,官方链接,版权分层,备注）',
    columns: {
      standardNo: ['编号'],
      nameZh: ['名称'],
      category: ['分类'],
      nature: ['属性'],
      implementDate: ['实施日期'],
      status: ['状态'],
      officialUrl: ['官方链接'],
      notes: ['备注'],
    },
    noteColumns: { 版权分层: '版权分层' },
  },
  // github zhiyao87/Arch-Standards-Index data/sh_std_raw.json
  'shanghai-json': {
    name: 'shanghai-json',
    description: 'Arch-Standards-Index 上海市工程建设地方标准 JSON（mc 名称, bh 编号, pz 批准日期, ss 实施日期, url 文件路径）',
    columns: {
      standardNo: ['bh'],
      nameZh: ['mc'],
      publishDate: ['pz'],
      implementDate: ['ss'],
      sourceRef: ['url'],
    },
    defaults: { level: 'local', region: '上海' },
  },
};

/** The mapping named, or the one whose signature columns the first row has. */
export function pickMapping(name: string | undefined, firstRow: Record<string, unknown>): Mapping {
  if (name) {
    const m = Object.hasOwn(MAPPINGS, name) ? MAPPINGS[name] : undefined;
    if (!m) throw new Error(`Unknown mapping "${name}" (known: ${Object.keys(MAPPINGS).join(', ')})`);
    return m;
  }
  if ('bh' in firstRow && 'mc' in firstRow) return MAPPINGS['shanghai-json']!;
  if ('编号' in firstRow && '版权分层' in firstRow) return MAPPINGS['arch-standards-csv']!;
  return generic;
}

const isEmpty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** Per source column, the fields it may carry and its rank among each field's columns (0 wins). */
type Plan = Map<string, { field: Field; rank: number }[]>;
const plans = new WeakMap<Mapping, Plan>();
function planOf(m: Mapping): Plan {
  let plan = plans.get(m);
  if (plan) return plan;
  plan = new Map();
  for (const field of FIELDS)
    (m.columns[field] ?? []).forEach((col, rank) => {
      const targets = plan!.get(col) ?? [];
      targets.push({ field, rank });
      plan!.set(col, targets);
    });
  plans.set(m, plan);
  return plan;
}

/**
 * Each field from the first of its columns that is not empty, else the mapping's default. The row's own columns
 * are walked (a handful) rather than every column name the mapping knows (about a hundred for the generic one):
 * this runs once per imported row.
 */
export function applyMapping(row: Record<string, unknown>, m: Mapping): RawRecord {
  const plan = planOf(m);
  const out: RawRecord = {};
  const ranks: Partial<Record<Field, number>> = {};
  for (const col of Object.keys(row)) {
    const targets = plan.get(col);
    if (!targets) continue;
    const v = row[col];
    if (isEmpty(v)) continue;
    for (const { field, rank } of targets) {
      const held = ranks[field];
      if (held !== undefined && held < rank) continue;
      ranks[field] = rank;
      out[field] = v;
    }
  }
  if (m.defaults)
    for (const field of Object.keys(m.defaults) as Field[]) {
      const d = m.defaults[field];
      if (out[field] === undefined && !isEmpty(d)) out[field] = d;
    }
  for (const [col, label] of Object.entries(m.noteColumns ?? {})) {
    if (!isEmpty(row[col])) (out.extraNotes ??= []).push(`${label}：${String(row[col]).trim()}`);
  }
  return out;
}
