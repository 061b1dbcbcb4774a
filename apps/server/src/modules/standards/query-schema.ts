import { z } from 'zod';
import {
  daySchema,
  MAX_PAGE_SIZE,
  SEARCH_KEYWORD_MAX,
  SEARCH_KEYWORD_TOO_LONG,
  SEARCH_SORTS,
  STANDARD_LEVELS,
  STANDARD_NATURES,
  STANDARD_STATUSES,
} from '@zs/shared';

/** Empty query values (`level=`) mean "not given", as search forms send them. */
export const opt = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

const day = daySchema;
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

/** The search parameters after validation (empty values dropped). */
export type SearchParams = z.output<typeof SearchQuery>;
