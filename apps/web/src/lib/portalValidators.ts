import { PortalMessages, isValidCreditCode } from '@zs/shared/portal';
import { Messages, Patterns } from '@zs/shared/validation';

/**
 * Field checks of the application forms, from the shared schemas' limits and messages
 * (packages/shared/src/portal.ts): the web and the server refuse the same input with the same words.
 * Each returns the message of the failed rule or null.
 */
export type Check = (value: string) => string | null;

const length =
  (min: number, max: number, message: string, optional = false): Check =>
  (value) => {
    const v = value.trim();
    if (optional && v === '') return null;
    return v.length >= min && v.length <= max ? null : message;
  };

const required =
  (message: string): Check =>
  (value) =>
    value ? null : message;

export const portalChecks = {
  enterpriseName: length(2, 100, PortalMessages.enterpriseName),
  enterpriseNameOptional: length(2, 100, PortalMessages.enterpriseName, true),
  creditCode: ((value) => (isValidCreditCode(value.trim().toUpperCase()) ? null : PortalMessages.creditCode)) as Check,
  contactName: length(2, 30, PortalMessages.contactName),
  contactMobile: ((value) => (Patterns.mobile.test(value.trim()) ? null : Messages.mobile)) as Check,
  productName: length(1, 100, PortalMessages.productName),
  category: required(PortalMessages.category),
  town: required(PortalMessages.town),
  standardNo: length(3, 60, PortalMessages.standardNo),
  description: length(10, 2000, PortalMessages.description),
  need: length(10, 1000, PortalMessages.need),
};
