import { Messages, Patterns, isValidEmail } from '@zs/shared/validation';
import type { Check } from '../../../lib/portalValidators.ts';

/** Settings form checks from the shared rules (docs/product.md §5), so web and server refuse with the same words. */

export const settingsChecks = {
  oldPassword: ((v) => (v ? null : Messages.oldPassword)) as Check,
  password: ((v) => (Patterns.password.test(v) ? null : Messages.password)) as Check,
  /** The confirmation against the new password typed beside it. */
  againPassword:
    (password: () => string): Check =>
    (v) =>
      !v ? Messages.againPasswordEmpty : v !== password() ? Messages.againPassword : null,
  mobile: ((v) => (Patterns.mobile.test(v.trim()) ? null : Messages.mobile)) as Check,
  captcha: ((v) => (v.trim() ? null : Messages.captcha)) as Check,
  code: ((v) => (Patterns.code.test(v.trim()) ? null : Messages.code)) as Check,
  /** Optional: empty clears the email. */
  email: ((v) => (!v.trim() || isValidEmail(v.trim()) ? null : Messages.email)) as Check,
};
