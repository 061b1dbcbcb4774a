import { z } from 'zod';
import { isoDate, optText } from './common.ts';
import { endpoint } from './endpoint.ts';
import { normaliseLink } from '../links.ts';

/** Site settings (/api/admin/settings): admin only; the public footer reads them on every page load. */
export const ContactCard = z.object({
  realName: z.string({ error: '请填写联系人姓名' }).trim().min(1, '请填写联系人姓名').max(30, '联系人姓名不能超过30个字符'),
  mobile: z
    .string({ error: '请填写联系电话' })
    .trim()
    .regex(/^(1[3-9]\d{9}|0\d{2,3}-?\d{7,8})$/, '联系电话须为11位手机号或带区号的固定电话'),
  email: z
    .string()
    .trim()
    .max(100, '邮箱不能超过100个字符')
    .regex(/^$|^[^\s@]+@[^\s@]+\.[^\s@]+$/, '邮箱格式不正确')
    .nullish()
    .transform((v) => (v ? v : null)),
});

export const SiteSettingsForm = z.object({
  contacts: z.array(ContactCard).min(1, '至少保留一位联系人（第一位为平台运营人员）').max(10, '联系人不能超过10位'),
  icpRecord: optText('ICP备案号', 100),
  policeRecord: optText('公安备案号', 100),
  policeRecordUrl: z
    .string()
    .overwrite(normaliseLink)
    .max(300, '公安备案链接不能超过300个字符')
    .regex(/^$|^https?:\/\/\S+$/, '公安备案链接须以 http:// 或 https:// 开头')
    .nullish()
    .transform((v) => (v ? v : null)),
  copyright: optText('版权信息', 200),
  hotline: optText('服务热线', 50),
  address: optText('地址', 200),
});
export type SiteSettingsForm = z.input<typeof SiteSettingsForm>;
export type SiteSettings = z.output<typeof SiteSettingsForm>;

export const PrivacyVersionForm = z.object({
  version: z.string({ error: '请填写版本号' }).trim().min(1, '请填写版本号').max(30, '版本号不能超过30个字符'),
  title: z.string({ error: '请填写标题' }).trim().min(1, '请填写标题').max(100, '标题不能超过100个字符'),
  bodyHtml: z.string({ error: '请填写正文' }).trim().min(1, '请填写正文').max(200_000, '正文过长'),
  effectiveDate: isoDate('生效日期'),
});
export type PrivacyVersionForm = z.input<typeof PrivacyVersionForm>;

export const PrivacyVersion = z.object({
  id: z.number(),
  version: z.string(),
  title: z.string(),
  effectiveDate: z.string(),
  createdAt: z.string(),
  current: z.boolean(),
});

/** Words the inspection page looks for in published text (one rule per line: 错误写法=建议写法 or a single word). */
export const BannedWordsForm = z.object({
  words: z
    .array(
      z.object({
        word: z.string().trim().min(1, '请填写词语').max(30, '词语不能超过30个字符'),
        hint: z.string().trim().max(100, '提示不能超过100个字符').default(''),
      }),
    )
    .max(200, '词表不能超过200条'),
});
export type BannedWords = z.output<typeof BannedWordsForm>['words'];

/** 隐藏空栏目 (issue 30, decisions/0088): sections with nothing published leave the navigation and /home until they have content. */
export const SectionVisibilityForm = z.object(
  { hideEmptySections: z.boolean({ error: '“隐藏空栏目”须为开或关' }) },
  { error: '请求内容格式不正确' },
);
export type SectionVisibilityForm = z.infer<typeof SectionVisibilityForm>;
/** The choice and the section pages that have nothing published right now (what the choice hides). */
export const SectionVisibility = SectionVisibilityForm.extend({
  emptyPages: z.array(z.object({ path: z.string(), label: z.string() })),
});
export type SectionVisibility = z.infer<typeof SectionVisibility>;

// ---- endpoints (apps/server/src/modules/site/admin-routes.ts) ----
/** The settings as saved (the form's output). */
export const SiteSettingsSchema = z.object({
  contacts: z.array(z.object({ realName: z.string(), mobile: z.string(), email: z.string().nullable() })),
  icpRecord: z.string().nullable(),
  policeRecord: z.string().nullable(),
  policeRecordUrl: z.string().nullable(),
  copyright: z.string().nullable(),
  hotline: z.string().nullable(),
  address: z.string().nullable(),
});
export const siteSettings = endpoint({ method: 'GET', path: '/api/admin/settings', response: SiteSettingsSchema });
export const saveSiteSettings = endpoint({
  method: 'PUT',
  path: '/api/admin/settings',
  body: SiteSettingsForm,
  response: SiteSettingsSchema,
});
export const privacyVersions = endpoint({
  method: 'GET',
  path: '/api/admin/settings/privacy',
  response: z.array(PrivacyVersion),
});
export const addPrivacyVersion = endpoint({
  method: 'POST',
  path: '/api/admin/settings/privacy',
  body: PrivacyVersionForm,
  response: z.array(PrivacyVersion),
});
export const sectionVisibility = endpoint({
  method: 'GET',
  path: '/api/admin/settings/sections',
  response: SectionVisibility,
});
export const saveSectionVisibility = endpoint({
  method: 'PUT',
  path: '/api/admin/settings/sections',
  body: SectionVisibilityForm,
  response: SectionVisibility,
});
export const bannedWords = endpoint({ method: 'GET', path: '/api/admin/settings/banned-words', response: BannedWordsForm });
export const saveBannedWords = endpoint({
  method: 'PUT',
  path: '/api/admin/settings/banned-words',
  body: BannedWordsForm,
  response: BannedWordsForm,
});
