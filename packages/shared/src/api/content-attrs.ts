import { z } from 'zod';
import { DEMONSTRATION_STATUSES, type PortalSection } from '../portal.ts';
import { idNumber, isCalendarDay } from './input.ts';
import { webLink } from '../links.ts';

/**
 * Each portal section's own fields (the `attrs` of a portal item). The server validates every write
 * against these, and the console's editor checks the same rules before it sends.
 */
export const AttrMessages = {
  text: '内容格式不正确',
  url: '链接须以 http:// 或 https:// 开头',
  date: '日期格式须为 YYYY-MM-DD',
  datetime: '时间格式不正确',
  seat: '名额须为 1-100000 的整数',
  file: '附件格式不正确',
  privateInfo: '人才信息不得包含个人电话、邮箱或住址',
} as const;
const M = AttrMessages;

const str = (max = 200) => z.string({ error: M.text }).trim().max(max, M.text);
const list = (max = 20) => z.array(str(100), { error: M.text }).max(max, M.text);
const url = webLink(M.url);
const day = z.string({ error: M.date }).refine(isCalendarDay, M.date);
const instant = z.string({ error: M.datetime }).refine((v) => !Number.isNaN(Date.parse(v)), M.datetime);
const fileRef = z.object({ fileId: idNumber(M.file), name: str(200) }, { error: M.file }).strict();
const attachment = z
  .object({ name: str(200), fileId: idNumber(M.file).optional(), url: url.optional() }, { error: M.file })
  .strict()
  .refine((a) => a.fileId !== undefined || a.url !== undefined, M.file);

/** Phone numbers, e-mail addresses and street addresses must never appear in a public talent profile. */
const PRIVATE_INFO = [
  /1[3-9]\d{9}/,
  /\d{3,4}-?\d{7,8}/,
  /[\w.+-]+@[\w-]+\.[\w.]+/,
  /(路|街|道|巷|村|弄|小区|大厦|花园|苑)[^，。,;；]{0,12}?\d+\s*(号|栋|幢|室)/,
];
const noPrivateInfo = (v: Record<string, unknown>) => !PRIVATE_INFO.some((re) => re.test(JSON.stringify(v)));

export const sectionAttrsSchemas = {
  news: z
    .object({ date: day.optional(), attachments: z.array(attachment).max(20, M.file).optional(), officialUrl: url.optional() })
    .strict(),
  standard_plus: z.object({ theme: str(50).optional(), author: str(100).optional() }).strict(),
  service: z
    .object({ provider: str(100), scope: str(500), steps: list(20), fees: str(300), serviceHours: str(100).optional() })
    .strict(),
  talent: z
    .strictObject(
      {
        name: str(30),
        title: str(50).optional(),
        organisation: str(100),
        fields: list(10),
        committees: list(10),
        achievements: str(2000).optional(),
      },
      { error: M.privateInfo },
    )
    .refine(noPrivateInfo, M.privateInfo),
  training: z
    .object({
      documents: z.array(fileRef).max(20, M.file).default([]),
      videoUrl: url.optional(),
      lecturer: str(50).optional(),
      hours: z.number().positive().max(1000).optional(),
    })
    .strict(),
  activity: z
    .object({
      startAt: instant,
      endAt: instant,
      place: str(200),
      seatLimit: z.number({ error: M.seat }).int(M.seat).min(1, M.seat).max(100000, M.seat),
      signupDeadline: instant,
      open: z.boolean(),
      organiser: str(100).optional(),
    })
    .strict(),
  result: z
    .object({
      batch: str(100).optional(),
      enterprise: str(100).optional(),
      standardNo: str(60).optional(),
      standardName: str(200).optional(),
      certificateNo: str(60).optional(),
      achievementType: str(50).optional(),
      unit: str(200).optional(),
    })
    .strict(),
  xiangshan_product: z
    .object({
      enterprise: str(100),
      product: str(100),
      standardNo: str(60),
      certificateNo: str(60),
      validFrom: day,
      validTo: day,
    })
    .strict(),
  demonstration: z
    .object({
      field: str(50),
      undertaker: str(200),
      periodStart: day,
      periodEnd: day.optional(),
      projectStatus: z.enum(Object.keys(DEMONSTRATION_STATUSES) as [string, ...string[]], { error: '项目状态不正确' }),
    })
    .strict(),
  gi_product: z.object({ origin: str(100).optional(), protection: str(300).optional() }).strict(),
  standard_system_node: z
    .object({ parentId: z.number().int().positive().nullable(), standardNos: list(50).default([]) })
    .strict(),
} satisfies Record<PortalSection, z.ZodType>;
