import { z } from 'zod';
import { BATCH_CHECK_MAX, BATCH_CHECK_TOO_MANY } from '../standards.ts';

/**
 * Contract of the standards search endpoints (apps/server/src/modules/standards): results, suggestions,
 * the batch validity check and the operators' synonym / zero-result lists. The web infers its types here.
 */

export const StandardRef = z.object({ id: z.number(), standardNo: z.string() });

export const StandardSummarySchema = z.object({
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
  replacedBy: StandardRef.nullable().describe('被代替/废止时，代替它的标准（最新一项）'),
});

/** A number close to one that was not found (same series, nearest number). */
export const NearestNumber = StandardRef.extend({ nameZh: z.string(), status: z.string() });

export const SearchPageSchema = z.object({
  total: z.number(),
  list: z.array(StandardSummarySchema),
  page: z.number(),
  size: z.number(),
  /** Index in the whole result from which records hold only part of the keyword's words; null: none. */
  partialFrom: z.number().nullable(),
  /** When nothing was found: the nearest catalogue numbers. */
  nearest: z.array(NearestNumber),
});

export const SuggestionSchema = z.object({
  id: z.number(),
  standardNo: z.string(),
  nameZh: z.string(),
  status: z.string(),
  highlight: z.string(),
});

// The limits live in the zod-free module so public pages can show them without loading zod.
export { BATCH_CHECK_MAX, BATCH_CHECK_TOO_MANY };

export const BatchCheckRequest = z.object({
  numbers: z
    .array(z.string({ error: '标准号须为文本' }).max(200, '标准号不能超过200个字符'), { error: '请提供标准号列表' })
    .min(1, '请至少提供一个标准号')
    .max(BATCH_CHECK_MAX, BATCH_CHECK_TOO_MANY),
});

export const BatchCheckLine = z.object({
  line: z.number().describe('输入中的序号，从1开始'),
  input: z.string(),
  /** found: one record; unparsed: not a standard number; missing: a number the catalogue lacks. */
  result: z.enum(['found', 'missing', 'unparsed']),
  record: z
    .object({
      id: z.number(),
      standardNo: z.string(),
      nameZh: z.string(),
      status: z.string(),
      implementDate: z.string().nullable(),
      abolishDate: z.string().nullable(),
      replacedBy: StandardRef.nullable(),
    })
    .nullable(),
  nearest: z.array(NearestNumber),
});
export const BatchCheckResult = z.object({
  total: z.number(),
  found: z.number(),
  lines: z.array(BatchCheckLine),
});

export const SearchMiss = z.object({ query: z.string(), hits: z.number(), firstAt: z.string(), lastAt: z.string() });
export const SynonymGroup = z.object({
  id: z.number(),
  terms: z.array(z.string()),
  note: z.string().nullable(),
  updatedAt: z.string(),
});
export const SynonymGroupInput = z.object({
  terms: z
    .array(z.string().trim().min(1, '同义词不能为空').max(20, '同义词不能超过20个字符'), { error: '请填写同义词' })
    .min(2, '同义词组至少需要两个不同的词')
    .max(10, '同义词组最多10个词'),
  note: z.string().max(200, '备注不能超过200个字符').nullable().optional(),
});

export type StandardSummary = z.infer<typeof StandardSummarySchema>;
export type SearchPage = z.infer<typeof SearchPageSchema>;
export type Suggestion = z.infer<typeof SuggestionSchema>;
export type NearestNumberT = z.infer<typeof NearestNumber>;
export type BatchCheckLineT = z.infer<typeof BatchCheckLine>;
export type BatchCheckResultT = z.infer<typeof BatchCheckResult>;
