import { z } from 'zod';
import { Messages, Patterns } from './validation.ts';
import { idNumber, InputMessages, isStorableText } from './api/input.ts';
import { CATEGORY_CODE, isValidCreditCode, PortalMessages, TOWN_CODES } from './portal.ts';

/** The portal's forms (docs/product.md §6): applications and sign-ups, checked by the server and the web alike. */

const text = (min: number, max: number, message: string) =>
  z.string({ error: message }).trim().min(min, message).max(max, message).refine(isStorableText, InputMessages.badChars);

export const creditCodeSchema = z
  .string({ error: PortalMessages.creditCode })
  .trim()
  .transform((v) => v.toUpperCase())
  .refine(isValidCreditCode, PortalMessages.creditCode);

const contactMobile = z.string({ error: Messages.mobile }).trim().regex(Patterns.mobile, Messages.mobile);
const fileIds = z
  .array(idNumber(PortalMessages.attachments), { error: PortalMessages.attachments })
  .min(1, PortalMessages.attachments)
  .max(10, PortalMessages.attachments);

/** The 香山之品 brand-product application form (/standard-apply). */
export const brandProductApplicationSchema = z.object({
  enterpriseName: text(2, 100, PortalMessages.enterpriseName),
  creditCode: creditCodeSchema,
  contactName: text(2, 30, PortalMessages.contactName),
  contactMobile,
  productName: text(1, 100, PortalMessages.productName),
  // The office edits the categories (docs/decisions/0060): the server checks the code against the current list.
  category: z.string({ error: PortalMessages.category }).regex(CATEGORY_CODE, PortalMessages.category),
  townCode: z.enum(TOWN_CODES, { error: PortalMessages.town }),
  standardNo: text(3, 60, PortalMessages.standardNo),
  description: text(10, 2000, PortalMessages.description),
  attachments: fileIds,
});
export type BrandProductApplication = z.infer<typeof brandProductApplicationSchema>;

export const serviceApplicationSchema = z.object({
  serviceId: idNumber(PortalMessages.serviceId),
  enterpriseName: text(2, 100, PortalMessages.enterpriseName).optional(),
  contactName: text(2, 30, PortalMessages.contactName),
  contactMobile,
  need: text(10, 1000, PortalMessages.need),
});
export type ServiceApplication = z.infer<typeof serviceApplicationSchema>;

/** Optional contact details of a sign-up; without them the account's name and mobile are used. */
export const activitySignupSchema = z
  .object(
    {
      contactName: text(2, 30, PortalMessages.contactName).optional(),
      contactMobile: contactMobile.optional(),
      enterpriseName: text(2, 100, PortalMessages.enterpriseName).optional(),
    },
    { error: '报名信息格式不正确' },
  )
  .nullish();
