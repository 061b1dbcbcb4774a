import { PORTAL_TEXT_LIMITS, PortalMessages, isValidCreditCode } from '@zs/shared/portal';
import { Messages, Patterns } from '@zs/shared/validation';

/**
 * Field checks of the application forms, from the limits and messages the shared schemas are built from
 * (PORTAL_TEXT_LIMITS, PortalMessages in packages/shared/src/portal.ts): the web and the server refuse the
 * same input with the same words, and the web does not load zod for it.
 * Each returns the message of the failed rule or null.
 */
export type Check = (value: string) => string | null;

const length =
  (field: keyof typeof PORTAL_TEXT_LIMITS, optional = false): Check =>
  (value) => {
    const [min, max] = PORTAL_TEXT_LIMITS[field];
    const v = value.trim();
    if (optional && v === '') return null;
    return v.length >= min && v.length <= max ? null : PortalMessages[field];
  };

const required =
  (message: string): Check =>
  (value) =>
    value ? null : message;

export const portalChecks = {
  enterpriseName: length('enterpriseName'),
  enterpriseNameOptional: length('enterpriseName', true),
  creditCode: ((value) => (isValidCreditCode(value.trim().toUpperCase()) ? null : PortalMessages.creditCode)) as Check,
  contactName: length('contactName'),
  contactMobile: ((value) => (Patterns.mobile.test(value.trim()) ? null : Messages.mobile)) as Check,
  productName: length('productName'),
  category: required(PortalMessages.category),
  town: required(PortalMessages.town),
  standardNo: length('standardNo'),
  description: length('description'),
  need: length('need'),
};
