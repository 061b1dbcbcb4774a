import fp from 'fastify-plugin';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  MAX_PAGE_SIZE,
  SEARCH_KEYWORD_MAX,
  SEARCH_KEYWORD_TOO_LONG,
  SEARCH_SORTS,
  STANDARD_LEVELS,
  STANDARD_NATURES,
  STANDARD_STATUSES,
} from '@zs/shared';
import { envelopeOf, ok, pageOf } from '../../lib/envelope.ts';
import { ccsList, icsList, searchStandards, standardDetail, standardStats, suggest } from './service.ts';

/** Empty query values (`level=`) mean "not given", as search forms send them. */
const opt = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

const isRealDate = (s: string) => {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};
const day = (label: string) =>
  z
    .string({ message: `${label}格式应为YYYY-MM-DD` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label}格式应为YYYY-MM-DD`)
    .refine(isRealDate, `${label}不是有效日期`);
const text = (label: string, max: number) => z.string({ message: `${label}格式不正确` }).max(max, `${label}不能超过${max}个字符`);

export const SearchQuery = z.object({
  // Longer keywords are refused (not truncated) so the user sees why nothing matched.
  keyword: opt(z.string({ message: '检索关键词格式不正确' }).max(SEARCH_KEYWORD_MAX, SEARCH_KEYWORD_TOO_LONG)),
  level: opt(z.enum(STANDARD_LEVELS, { message: '标准级别不正确' })),
  status: opt(z.enum(STANDARD_STATUSES, { message: '标准状态不正确' })),
  nature: opt(z.enum(STANDARD_NATURES, { message: '标准性质不正确' })),
  ccs: opt(text('CCS分类号', 20)),
  ics: opt(text('ICS分类号', 20)),
  region: opt(text('地区', 20)),
  department: opt(text('主管部门', 100)),
  publishFrom: opt(day('发布日期起')),
  publishTo: opt(day('发布日期止')),
  implementFrom: opt(day('实施日期起')),
  implementTo: opt(day('实施日期止')),
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

const Summary = z.object({
  id: z.number(),
  standardNo: z.string(),
  nameZh: z.string(),
  nameEn: z.string().nullable(),
  level: z.string(),
  nature: z.string().nullable(),
  status: z.string(),
  publishDate: z.string().nullable(),
  implementDate: z.string().nullable(),
  region: z.string().nullable(),
  ccsCode: z.string().nullable(),
  icsCode: z.string().nullable(),
  highlight: z.string().describe('中文名称，HTML 已转义，命中部分以 <em> 标记'),
});

export default fp(
  async function standardsRoutes(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/api/portal/standards',
      {
        schema: {
          tags: ['standards'],
          summary: '标准检索（编号、中英文名称，分页）',
          querystring: SearchQuery,
          response: { 200: envelopeOf(pageOf(Summary)) },
        },
      },
      async (req) => ok(await searchStandards(app.db, req.query)),
    );
    r.get(
      '/api/portal/standards/suggest',
      {
        schema: {
          tags: ['standards'],
          summary: '检索框联想（前10条编号/名称）',
          querystring: z.object({
            keyword: opt(z.string({ message: '检索关键词格式不正确' }).max(SEARCH_KEYWORD_MAX, SEARCH_KEYWORD_TOO_LONG)),
          }),
          response: {
            200: envelopeOf(
              z.array(z.object({ id: z.number(), standardNo: z.string(), nameZh: z.string(), highlight: z.string() })),
            ),
          },
        },
      },
      async (req) => ok(await suggest(app.db, req.query.keyword)),
    );
    r.get(
      '/api/portal/standards/stats',
      {
        schema: {
          tags: ['standards'],
          summary: '标准统计（按级别、状态；近12个月发布；即将实施）',
          response: {
            200: envelopeOf(
              z.object({
                total: z.number(),
                byLevel: z.record(z.string(), z.number()),
                byStatus: z.record(z.string(), z.number()),
                newlyPublished: z.number(),
                upcoming: z.number(),
              }),
            ),
          },
        },
      },
      async () => ok(await standardStats(app.db)),
    );
    r.get(
      '/api/portal/standards/:id',
      {
        schema: {
          tags: ['standards'],
          summary: '标准详情（含分类名称、代替关系、状态变更记录、数据来源）',
          params: z.object({ id: z.string() }),
        },
      },
      async (req) => ok(await standardDetail(app.db, req.params.id)),
    );
    r.get(
      '/api/portal/classifications/ccs',
      {
        schema: {
          tags: ['standards'],
          summary: '中国标准文献分类法（CCS），平铺并带上级代码',
          response: {
            200: envelopeOf(
              z.array(z.object({ code: z.string(), name: z.string(), level: z.number(), parent: z.string().nullable() })),
            ),
          },
        },
      },
      async () => ok(await ccsList(app.db)),
    );
    r.get(
      '/api/portal/classifications/ics',
      {
        schema: {
          tags: ['standards'],
          summary: '国际标准分类法（ICS 第7版），平铺并带上级代码',
          response: {
            200: envelopeOf(
              z.array(
                z.object({
                  code: z.string(),
                  nameEn: z.string(),
                  nameZh: z.string().nullable(),
                  level: z.number(),
                  parent: z.string().nullable(),
                }),
              ),
            ),
          },
        },
      },
      async () => ok(await icsList(app.db)),
    );
  },
  { name: 'standards', dependencies: ['db', 'envelope'] },
);
