import { z } from 'zod';
import { Messages, Patterns } from './validation.ts';
import { idNumber, InputMessages, isStorableText } from './api/input.ts';
import { CATEGORY_CODE, isValidCreditCode, PORTAL_TEXT_LIMITS, PortalMessages, TOWN_CODES } from './portal.ts';

/** The portal's forms (docs/product.md §6): applications and sign-ups, checked by the server and the web alike. */

type TextField = keyof typeof PORTAL_TEXT_LIMITS;
const text = (field: TextField) => {
  const [min, max] = PORTAL_TEXT_LIMITS[field];
  const message = PortalMessages[field];
  return z.string({ error: message }).trim().min(min, message).max(max, message).refine(isStorableText, InputMessages.badChars);
};

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
  enterpriseName: text('enterpriseName'),
  creditCode: creditCodeSchema,
  contactName: text('contactName'),
  contactMobile,
  productName: text('productName'),
  // The office edits the categories (docs/decisions/0060): the server checks the code against the current list.
  category: z.string({ error: PortalMessages.category }).regex(CATEGORY_CODE, PortalMessages.category),
  townCode: z.enum(TOWN_CODES, { error: PortalMessages.town }),
  standardNo: text('standardNo'),
  description: text('description'),
  attachments: fileIds,
});
export type BrandProductApplication = z.infer<typeof brandProductApplicationSchema>;

export const serviceApplicationSchema = z.object({
  serviceId: idNumber(PortalMessages.serviceId),
  enterpriseName: text('enterpriseName').optional(),
  contactName: text('contactName'),
  contactMobile,
  need: text('need'),
});
export type ServiceApplication = z.infer<typeof serviceApplicationSchema>;

/** Optional contact details of a sign-up; without them the account's name and mobile are used. */
export const activitySignupSchema = z
  .object(
    {
      contactName: text('contactName').optional(),
      contactMobile: contactMobile.optional(),
      enterpriseName: text('enterpriseName').optional(),
    },
    { error: '报名信息格式不正确' },
  )
  .nullish();
