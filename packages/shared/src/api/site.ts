import { z } from 'zod';
import { endpoint } from './endpoint.ts';

/** Footer contacts and site lines (apps/server/src/modules/site). */
export const FooterContact = z.object({
  realName: z.string(),
  mobile: z.string(),
  email: z.string().optional(),
  demo: z.boolean(),
});
export type FooterContact = z.infer<typeof FooterContact>;
export const SiteInfoSchema = z.object({
  siteName: z.string(),
  icpRecord: z.string(),
  policeRecord: z.string(),
  policeRecordUrl: z.string(),
  copyright: z.string(),
  hotline: z.string(),
  address: z.string(),
  /** The office's choice 隐藏空栏目 (decisions/0088). */
  hideEmptySections: z.boolean(),
  /** Public section pages (SECTION_PAGES paths) left out of the navigation and /home now: empty while the choice is off. */
  hiddenPages: z.array(z.string()),
});
export type SiteInfo = z.infer<typeof SiteInfoSchema>;

export const footerContacts = endpoint({
  method: 'POST',
  path: '/api/zs/ent/userInfoBz/Operater',
  response: z.array(FooterContact),
});
export const siteInfo = endpoint({ method: 'GET', path: '/api/portal/site', response: SiteInfoSchema });
