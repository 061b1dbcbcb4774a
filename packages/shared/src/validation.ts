import { z } from 'zod';

/**
 * Validation rules of docs/product.md §5 with their exact messages. These regexes and messages are the single
 * source: the web forms build antd rules from them and the server builds its zod schemas from them.
 */
export const Messages = {
  username: '请输入由英文、数字组合的6-25位用户名称',
  password: '请输入由英文、数字、特殊符号组合的8-25位密码',
  againPassword: '两次输入密码不一致',
  againPasswordEmpty: '请输入确认密码',
  mobile: '请输入11位中国大陆手机号',
  captcha: '请输入图形验证码',
  code: '请输入6位数字验证码',
  email: '请输入正确的邮箱',
  checkInfo: '请同意用户协议',
  captchaKey: '图形验证码已失效，请刷新后重试',
  userType: '用户类型不正确',
  loginName: '请输入用户名或手机号',
  loginPassword: '请输入密码',
  oldPassword: '请输入原密码',
  /** Web only: the SMS button pressed before a number is typed. */
  mobileMissing: '请输入手机号',
} as const;

/**
 * Hints shown before anything is typed (the messages above are the spec's exact error texts; "英文、数字组合" was
 * read as "either" by office staff, issue 30): the registration form and `admin:create` say the rule plainly.
 */
export const Hints = {
  username: '6-25位，须同时包含英文字母和数字，例如 zhang2026',
  password: '8-25位，须同时包含英文字母、数字和特殊符号，例如 Zs#2026ab',
} as const;

export const Patterns = {
  /** 6-25 letters and digits, both kinds present. */
  username: /^(?=.*[A-Za-z])(?=.*\d)[A-Za-z\d]{6,25}$/,
  /** 8-25 characters with letters, digits and special symbols all present; no whitespace. */
  password: /^(?=.*[A-Za-z])(?=.*\d)(?=.*[^A-Za-z\d\s])[^\s]{8,25}$/,
  mobile: /^1[3-9]\d{9}$/,
  code: /^\d{6}$/,
  email: /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/,
} as const;

export const Limits = {
  usernameMin: 6,
  usernameMax: 25,
  passwordMin: 8,
  passwordMax: 25,
  codeLength: 6,
  codeInputMax: 8,
  emailMax: 50,
  captchaMax: 10,
} as const;

export function isValidEmail(value: string): boolean {
  return value.length <= Limits.emailMax && Patterns.email.test(value);
}

// ---- zod building blocks (server side and form-level checks) ----
const str = (message: string) => z.string({ error: message });

export const usernameSchema = str(Messages.username).regex(Patterns.username, Messages.username);
export const passwordSchema = str(Messages.password).regex(Patterns.password, Messages.password);
export const mobileSchema = str(Messages.mobile).regex(Patterns.mobile, Messages.mobile);
export const codeSchema = str(Messages.code).regex(Patterns.code, Messages.code);
export const captchaSchema = str(Messages.captcha).trim().min(1, Messages.captcha).max(Limits.captchaMax, Messages.captcha);
export const captchaKeySchema = str(Messages.captchaKey).min(1, Messages.captchaKey).max(100, Messages.captchaKey);
/** Optional email: empty string, null or absent mean "none". */
export const emailSchema = z
  .union([z.literal(''), z.null(), str(Messages.email).refine(isValidEmail, Messages.email)], { error: Messages.email })
  .optional();
/** Email set on its own (user centre): required, unlike at registration. */
export const requiredEmailSchema = str(Messages.email).refine(isValidEmail, Messages.email);
/** A field sent AES-encrypted: on the wire only a non-empty string of bounded length (the ciphertext). */
export const cipherSchema = (message: string) => str(message).min(1, message).max(512, message);
export const userTypeSchema = z.union([z.literal(2), z.literal('2')], { error: Messages.userType }).optional();
export const checkInfoSchema = z.union([z.literal(true), z.literal('true'), z.literal(1), z.literal('1')], {
  error: Messages.checkInfo,
});

/** Returns the first failing message of a zod result (spec: `msg` carries the first failing rule). */
export function firstMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? '请求参数有误';
}
