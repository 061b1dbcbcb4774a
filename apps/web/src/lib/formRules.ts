import type { FormInstance, FormRule } from 'antd';
import { Limits, Messages, Patterns, isValidEmail } from '@zs/shared/validation';

/**
 * antd Form rules built from the shared validation (docs/product.md §5). The server checks the same regexes
 * with the same messages, so the messages a user sees never depend on which side caught the error.
 */
const required = (message: string): FormRule => ({ required: true, message });
const pattern = (re: RegExp, message: string): FormRule => ({ pattern: re, message });

export const formRules = {
  username: [required(Messages.username), pattern(Patterns.username, Messages.username)],
  password: [required(Messages.password), pattern(Patterns.password, Messages.password)],
  mobile: [required(Messages.mobile), pattern(Patterns.mobile, Messages.mobile)],
  captcha: [required(Messages.captcha)],
  /** The login form's fields are sent encrypted: the rule is only "filled in" (AccountForms.webLogin). */
  loginName: [required(Messages.loginName)],
  loginPassword: [required(Messages.loginPassword)],
  code: [required(Messages.code), pattern(Patterns.code, Messages.code)],
  email: [
    {
      validator: (_rule, value: string | undefined) =>
        !value || isValidEmail(value) ? Promise.resolve() : Promise.reject(new Error(Messages.email)),
    },
  ] as FormRule[],
  checkInfo: [
    {
      validator: (_rule, value: boolean | undefined) =>
        value ? Promise.resolve() : Promise.reject(new Error(Messages.checkInfo)),
    },
  ] as FormRule[],
  /** Must equal the `password` field; `warnEmpty` adds the reset form's empty warning. */
  againPassword: (options: { warnEmpty?: boolean; field?: string } = {}): FormRule[] => [
    ...(options.warnEmpty ? [required(Messages.againPasswordEmpty)] : []),
    ({ getFieldValue }: Pick<FormInstance, 'getFieldValue'>) => ({
      validator: (_rule, value: string | undefined) => {
        if (!value && !options.warnEmpty) return Promise.reject(new Error(Messages.againPassword));
        if (!value || value === getFieldValue(options.field ?? 'password')) return Promise.resolve();
        return Promise.reject(new Error(Messages.againPassword));
      },
    }),
  ],
};

/** Input length limits (docs/product.md §9: SMS code input limited to 8 characters). */
export const inputLimits = {
  username: Limits.usernameMax,
  password: Limits.passwordMax,
  code: Limits.codeInputMax,
  email: Limits.emailMax,
  captcha: Limits.captchaMax,
  mobile: 11,
} as const;

/** Before an SMS is sent (docs/product.md §5): a missing mobile, a bad mobile, a missing captcha. */
export function smsPrecheck(mobile: string, captcha: string): string | null {
  if (!mobile.trim()) return Messages.mobileMissing;
  if (!Patterns.mobile.test(mobile.trim())) return Messages.mobile;
  if (!captcha.trim()) return Messages.captcha;
  return null;
}
