import { z } from 'zod';
import { MAX_PAGE_SIZE } from '../envelope.ts';
import {
  SEARCH_KEYWORD_MAX,
  SEARCH_KEYWORD_TOO_LONG,
  SEARCH_SORTS,
  STANDARD_LEVELS,
  STANDARD_NATURES,
  STANDARD_STATUSES,
} from '../standards.ts';
import { daySchema } from './input.ts';
import { download, endpoint, pageOf } from './endpoint.ts';
import {
  BatchCheckRequest,
  BatchCheckResult,
  SearchMiss,
  SearchPageSchema,
  SuggestionSchema,
  SynonymGroup,
  SynonymGroupInput,
} from './standards-search.ts';

/** The standards catalogue's calls (apps/server/src/modules/standards, docs/search.md). */

/** Empty query values (`level=`) mean "not given", as search forms send them. */
export const opt = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

const text = (label: string, max: number) => z.string({ message: `${label}格式不正确` }).max(max, `${label}不能超过${max}个字符`);
// Longer keywords are refused (not truncated) so the user sees why nothing matched.
const keyword = opt(z.string({ message: '检索关键词格式不正确' }).max(SEARCH_KEYWORD_MAX, SEARCH_KEYWORD_TOO_LONG));

export const SearchQuery = z.object({
  keyword,
  level: opt(z.enum(STANDARD_LEVELS, { message: '标准级别不正确' })),
  status: opt(z.enum(STANDARD_STATUSES, { message: '标准状态不正确' })),
  nature: opt(z.enum(STANDARD_NATURES, { message: '标准性质不正确' })),
  ccs: opt(text('CCS分类号', 20)),
  ics: opt(text('ICS分类号', 20)),
  region: opt(text('地区', 20)),
  department: opt(text('主管部门', 100)),
  publishFrom: opt(daySchema('发布日期起')),
  publishTo: opt(daySchema('发布日期止')),
  implementFrom: opt(daySchema('实施日期起')),
  implementTo: opt(daySchema('实施日期止')),
  sort: opt(z.enum(SEARCH_SORTS, { message: '排序方式不正确' })),
  page: opt(
    z.coerce.number({ message: '页码须为正整数' }).int('页码须为正整数').min(1, '页码须为正整数').max(1000, '页码不能超过1000'),
  ),
  size: opt(
    z.coerce
      .number({ message: `每页条数须为1-${MAX_PAGE_SIZE}` })
      .int(`每页条数须为1-${MAX_PAGE_SIZE}`)
      .min(1, `每页条数须为1-${MAX_PAGE_SIZE}`)
      .max(MAX_PAGE_SIZE, `每页条数须为1-${MAX_PAGE_SIZE}`),
  ),
});
/** The search parameters after validation (empty values dropped). */
export type SearchParams = z.output<typeof SearchQuery>;

const Relation = z.object({
  kind: z.string(),
  label: z.string(),
  standardNo: z.string(),
  id: z.number().nullable(),
  inferred: z.boolean(),
  note: z.string().nullable(),
  depth: z.number(),
});
export const StandardDetailSchema = z.object({
  id: z.number(),
  standardNo: z.string(),
  noKey: z.string(),
  nameZh: z.string(),
  nameEn: z.string().nullable(),
  level: z.enum(STANDARD_LEVELS),
  nature: z.enum(STANDARD_NATURES).nullable(),
  status: z.enum(STANDARD_STATUSES),
  publishDate: z.string().nullable(),
  implementDate: z.string().nullable(),
  abolishDate: z.string().nullable(),
  ccsCode: z.string().nullable(),
  ccsName: z.string().nullable(),
  icsCode: z.string().nullable(),
  icsNameEn: z.string().nullable(),
  icsNameZh: z.string().nullable(),
  department: z.string().nullable(),
  committee: z.string().nullable(),
  issuer: z.string().nullable(),
  draftingUnits: z.string().nullable(),
  drafters: z.string().nullable(),
  adoptedNo: z.string().nullable(),
  adoptionDegree: z.string().nullable(),
  scope: z.string().nullable(),
  notes: z.string().nullable(),
  region: z.string().nullable(),
  regionCode: z.string().nullable(),
  category: z.string().nullable(),
  officialUrl: z.string().nullable(),
  replaces: z.array(Relation.extend({ via: z.string().nullable() })).describe('它代替的标准（沿代替链向下）'),
  replacedBy: z.array(Relation).describe('代替它的标准（沿代替链向上）'),
  statusHistory: z.array(
    z.object({ oldStatus: z.string().nullable(), newStatus: z.string(), changedAt: z.string(), source: z.string().nullable() }),
  ),
  sourceCredit: z.object({ source: z.string(), licence: z.string().nullable(), sourceRef: z.string().nullable() }).nullable(),
});
export type StandardDetail = z.infer<typeof StandardDetailSchema>;
export type StandardRelation = z.infer<typeof Relation>;

export const CcsNode = z.object({ code: z.string(), name: z.string(), level: z.number(), parent: z.string().nullable() });
export const IcsNode = z.object({
  code: z.string(),
  nameEn: z.string(),
  nameZh: z.string().nullable(),
  level: z.number(),
  parent: z.string().nullable(),
});

export const searchStandards = endpoint({
  method: 'GET',
  path: '/api/portal/standards',
  query: SearchQuery,
  response: SearchPageSchema,
});
export const checkStandards = endpoint({
  method: 'POST',
  path: '/api/portal/standards/check',
  body: BatchCheckRequest,
  response: BatchCheckResult,
});
/** Multipart upload (field `file`): the body is read part by part in the handler, not by a schema. */
export const checkStandardsFile = endpoint({
  method: 'POST',
  path: '/api/portal/standards/check/file',
  response: BatchCheckResult,
});
export const suggestStandards = endpoint({
  method: 'GET',
  path: '/api/portal/standards/suggest',
  query: z.object({ keyword }),
  response: z.array(SuggestionSchema),
});
export const standardStats = endpoint({
  method: 'GET',
  path: '/api/portal/standards/stats',
  response: z.object({
    total: z.number(),
    byLevel: z.record(z.string(), z.number()),
    byStatus: z.record(z.string(), z.number()),
    newlyPublished: z.number(),
    upcoming: z.number(),
  }),
});
export const standardDetail = endpoint({
  method: 'GET',
  path: '/api/portal/standards/:id',
  params: z.object({ id: z.string() }),
  response: StandardDetailSchema,
});
export const ccsClassification = endpoint({ method: 'GET', path: '/api/portal/classifications/ccs', response: z.array(CcsNode) });
export const icsClassification = endpoint({ method: 'GET', path: '/api/portal/classifications/ics', response: z.array(IcsNode) });

export const exportSearch = download({
  method: 'GET',
  path: '/api/portal/standards/export',
  query: SearchQuery.omit({ page: true, size: true }),
});
export const checkStandardsXlsx = download({
  method: 'POST',
  path: '/api/portal/standards/check/xlsx',
  body: BatchCheckRequest,
});

// ---- operators' search tools ----
const SynonymId = z.object({ id: z.coerce.number({ error: '编号不正确' }).int('编号不正确').positive('编号不正确') });
export const listSearchMisses = endpoint({
  method: 'GET',
  path: '/api/admin/search/misses',
  query: z.object({
    page: z.coerce.number({ error: '页码须为正整数' }).int('页码须为正整数').min(1, '页码须为正整数').max(1000).default(1),
    size: z.coerce
      .number({ error: '每页条数须为1-100' })
      .int('每页条数须为1-100')
      .min(1)
      .max(100, '每页条数须为1-100')
      .default(20),
  }),
  response: pageOf(SearchMiss),
});
export const listSynonyms = endpoint({ method: 'GET', path: '/api/admin/search/synonyms', response: z.array(SynonymGroup) });
export const createSynonyms = endpoint({
  method: 'POST',
  path: '/api/admin/search/synonyms',
  body: SynonymGroupInput,
  response: z.object({ id: z.number() }),
});
export const updateSynonyms = endpoint({
  method: 'PUT',
  path: '/api/admin/search/synonyms/:id',
  params: SynonymId,
  body: SynonymGroupInput,
  response: z.object({ id: z.number() }),
});
export const deleteSynonyms = endpoint({
  method: 'DELETE',
  path: '/api/admin/search/synonyms/:id',
  params: SynonymId,
  response: z.null(),
});

// ---- full texts (apps/server/src/modules/fulltext) ----
const FULLTEXT_MODES = ['open', 'registered', 'restricted'] as const;
const StandardIdParams = z.object({ id: z.string() });
export const FulltextInfoSchema = z.object({
  hasFulltext: z.boolean(),
  pages: z.number().describe('全文总页数'),
  readablePages: z.number().describe('当前用户可在线阅读的页数（访客与未认证用户为前3页）'),
  canDownload: z.boolean().describe('已认证企业用户可下载（带水印，每日30次）'),
  access: z.enum(FULLTEXT_MODES).nullable(),
});
export type FulltextInfo = z.infer<typeof FulltextInfoSchema>;
export const fulltextInfo = endpoint({
  method: 'GET',
  path: '/api/portal/standards/:id/fulltext/info',
  params: StandardIdParams,
  response: FulltextInfoSchema,
});
export const readFulltext = download({
  method: 'GET',
  path: '/api/portal/standards/:id/fulltext',
  params: StandardIdParams,
});
export const downloadFulltext = download({
  method: 'GET',
  path: '/api/portal/standards/:id/fulltext/download',
  params: StandardIdParams,
});
/** Multipart upload (`file` PDF, optional `access`): read part by part in the handler. */
export const uploadFulltext = endpoint({
  method: 'POST',
  path: '/api/admin/standards/:id/fulltext',
  params: StandardIdParams,
  response: z.object({
    standardId: z.number(),
    pages: z.number(),
    size: z.number(),
    sha256: z.string(),
    access: z.enum(FULLTEXT_MODES),
  }),
});
export const removeFulltext = endpoint({
  method: 'DELETE',
  path: '/api/admin/standards/:id/fulltext',
  params: StandardIdParams,
  response: z.object({ removed: z.boolean() }),
});
