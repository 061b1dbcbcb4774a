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

/** Each field's Chinese name: what the console and the reports show instead of the field key. */
export const FIELD_LABELS: Record<Field, string> = {
  standardNo: '标准编号',
  nameZh: '标准名称',
  nameEn: '英文名称',
  level: '标准级别',
  nature: '标准性质',
  status: '标准状态',
  publishDate: '发布日期',
  implementDate: '实施日期',
  abolishDate: '废止日期',
  ccsCode: 'CCS',
  icsCode: 'ICS',
  department: '主管部门',
  committee: '归口单位',
  issuer: '发布单位',
  draftingUnits: '起草单位',
  drafters: '起草人',
  adoptedNo: '采标号',
  adoptionDegree: '采标程度',
  scope: '适用范围',
  notes: '备注',
  region: '地区',
  category: '分类',
  officialUrl: '官方链接',
  sourceRef: '来源标识',
  replaces: '代替标准',
};

/** Fields without which every row would be rejected: an import is not started while one has no column. */
export const REQUIRED_FIELDS = ['standardNo', 'nameZh'] as const satisfies readonly Field[];
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

/**
 * Field names themselves (camelCase and snake_case), the usual Chinese export headers, and the column names of
 * the standards platforms' list exports (地方标准信息服务平台: code, chName, enName, industry, status, issueDate,
 * actDate, chargeDept), each after the Chinese ones.
 */
const generic: Mapping = {
  name: 'generic',
  description: '通用表头：常见中文列名（标准编号、标准名称、实施日期等），或标准信息服务平台列表导出的英文列名',
  columns: {
    standardNo: ['标准号', '标准编号', '编号', 'code'],
    nameZh: ['标准名称', '中文名称', '中文标准名称', '名称', 'chName'],
    nameEn: ['英文名称', '英文标准名称', 'enName'],
    level: ['标准级别', '级别', '标准类别'],
    nature: ['标准性质', '性质', '属性'],
    status: ['标准状态', '状态'],
    publishDate: ['发布日期', '批准日期', 'issueDate'],
    implementDate: ['实施日期', 'actDate'],
    abolishDate: ['废止日期'],
    ccsCode: ['中国标准分类号', 'CCS', 'ccs'],
    icsCode: ['国际标准分类号', 'ICS', 'ics'],
    department: ['主管部门', 'chargeDept'],
    committee: ['归口单位', '技术委员会', '归口部门'],
    issuer: ['发布单位', '发布部门'],
    draftingUnits: ['起草单位'],
    drafters: ['起草人'],
    adoptedNo: ['采标号', '采用国际标准号', '采用国际标准'],
    adoptionDegree: ['采标程度', '一致性程度'],
    scope: ['适用范围', '范围'],
    notes: ['备注'],
    region: ['地区', '地域'],
    category: ['分类', '类别', 'industry'],
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

/**
 * A field's column for people: its Chinese name, followed by the file's own column when that is spelt otherwise
 * (标准编号（code）); never the field key. Without a column, the Chinese name alone.
 */
export function columnLabel(field: Field, column?: string): string {
  const label = FIELD_LABELS[field];
  if (!column || column === label || column === field || column === snake(field)) return label;
  return `${label}（${column}）`;
}

/** The required fields that none of the file's columns (nor a default) can carry. */
export function missingFields(m: Mapping, headers: readonly string[]): Field[] {
  return REQUIRED_FIELDS.filter((f) => !m.defaults?.[f] && !(m.columns[f] ?? []).some((c) => headers.includes(c)));
}

/**
 * Why an import cannot start, in words for an office (null when it can): each missing field with the column
 * names that would carry it, Chinese first; field keys and other camelCase spellings are left out.
 */
export function startRefusal(m: Mapping, headers: readonly string[]): string | null {
  const missing = missingFields(m, headers);
  if (!missing.length) return null;
  const parts = missing.map((f) => {
    const names = [...new Set(m.columns[f] ?? [])].filter((c) => c !== f && c !== snake(f) && !/[A-Z_]/.test(c));
    const han = names.filter((c) => /\p{Script=Han}/u.test(c));
    const other = names.filter((c) => !han.includes(c));
    const list = [...han, ...other].join('、');
    return `文件中没有“${FIELD_LABELS[f]}”列${list ? `（可用的列名：${list} 等）` : ''}`;
  });
  return `无法开始导入：${parts.join('；')}`;
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
