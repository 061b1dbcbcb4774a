import { Messages, Patterns, isValidEmail } from '@zs/shared/validation';
import type { Check } from '../../../lib/portalValidators.ts';

/** Settings form checks from the shared rules (docs/product.md §5), so web and server refuse with the same words. */
export const OLD_PASSWORD_MISSING = '请输入原密码';
export const MOBILE_MISSING = '请输入手机号';

export const settingsChecks = {
  oldPassword: ((v) => (v ? null : OLD_PASSWORD_MISSING)) as Check,
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

/** Before an SMS is sent (docs/product.md §5): a missing mobile, a bad mobile, a missing captcha. */
export function smsPrecheck(mobile: string, captcha: string): string | null {
  if (!mobile.trim()) return MOBILE_MISSING;
  if (!Patterns.mobile.test(mobile.trim())) return Messages.mobile;
  if (!captcha.trim()) return Messages.captcha;
  return null;
}
