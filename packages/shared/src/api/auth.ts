import { z } from 'zod';
import { CaptchaSchema } from './captcha.ts';
import { endpoint } from './endpoint.ts';
import {
  Messages,
  captchaKeySchema,
  captchaSchema,
  checkInfoSchema,
  cipherSchema,
  codeSchema,
  emailSchema,
  mobileSchema,
  passwordSchema,
  requiredEmailSchema,
  userTypeSchema,
  usernameSchema,
} from '../validation.ts';
import { again, bodySchema, encrypted, ignored, plain } from '../ordered-form.ts';

/**
 * The account calls of docs/product.md §7 (apps/server/src/modules/auth). Each body is an ordered form: the
 * server reports the first failing field in this order with its message (`parseInOrder`), and OpenAPI documents
 * the same rules (`bodySchema`).
 */
const userType = plain('userType', userTypeSchema, '用户类型，固定为 2');
const newPassword = encrypted('password', cipherSchema(Messages.password), '新密码（加密）', passwordSchema);
const againEncrypted = again('againPassword', 'password', { warnEmpty: true, encrypted: true }, '确认密码（加密）');

export const AccountForms = {
  sendCode: [
    plain('mobile', mobileSchema, '手机号（更换手机号时为新手机号）'),
    plain('captcha', captchaSchema, '图形验证码'),
    plain('key', captchaKeySchema, '图形验证码 key'),
    userType,
  ],
  /** docs/product.md §5 field order; the password arrives as typed. */
  register: [
    plain('username', usernameSchema, '用户名（6-25 位英文与数字组合）'),
    plain('password', passwordSchema, '密码（明文，8-25 位英文、数字、特殊符号组合）'),
    again('againPassword', 'password', { warnEmpty: false, encrypted: false }, '确认密码'),
    plain('mobile', mobileSchema, '手机号'),
    plain('email', emailSchema, '邮箱（可选）'),
    plain('captcha', captchaSchema, '图形验证码'),
    ignored('key', '图形验证码 key'),
    plain('code', codeSchema, '短信验证码（注册用途）'),
    plain('checkInfo', checkInfoSchema, '同意用户协议'),
    userType,
  ],
  /** Both credentials encrypted; the server opens them only after the captcha (a garbage one still costs it). */
  webLogin: [
    encrypted('username', cipherSchema(Messages.loginName), '用户名或手机号（AES-ECB/PKCS7/base64 加密）'),
    encrypted('password', cipherSchema(Messages.loginPassword), '密码（AES-ECB/PKCS7/base64 加密）'),
    plain('captcha', captchaSchema, '图形验证码'),
    plain('key', captchaKeySchema, '图形验证码 key'),
    userType,
  ],
  webMobile: [
    plain('mobile', mobileSchema, '手机号'),
    plain('code', codeSchema, '短信验证码（登录用途）'),
    ignored('captcha', '（可选）'),
    ignored('key', '（可选）'),
    userType,
  ],
  /** Reset form order: mobile, password, code, againPassword. */
  webSetPwd: [
    plain('mobile', mobileSchema, '手机号'),
    newPassword,
    plain('code', codeSchema, '短信验证码（由 send/code 发送）'),
    againEncrypted,
    ignored('captcha', '（可选）'),
    ignored('key', '（可选）'),
    userType,
  ],
  webSetMobile: [plain('mobile', mobileSchema, '新手机号'), plain('code', codeSchema, '发送到新手机号的短信验证码')],
  webSetEmail: [plain('email', requiredEmailSchema, '邮箱')],
  changePassword: [encrypted('oldPassword', cipherSchema(Messages.oldPassword), '原密码（加密）'), newPassword, againEncrypted],
} as const;

const Token = z.object({ accessToken: z.string() });
export const UserInfoSchema = z.object({
  username: z.string(),
  mobile: z.string(),
  unread: z.number(),
  email: z.string().nullable(),
  certified: z.boolean(),
  enterpriseName: z.string().nullable(),
  role: z.enum(['user', 'operator', 'admin']),
});
export type UserInfo = z.infer<typeof UserInfoSchema>;

export const captcha = endpoint({ method: 'GET', path: '/api/sys/auth/captcha', response: CaptchaSchema });
export const sendRegistrationCode = endpoint({
  method: 'POST',
  path: '/api/sys/auth/send/registrationCode',
  body: bodySchema(AccountForms.sendCode),
  response: z.null(),
});
export const sendLoginCode = endpoint({
  method: 'POST',
  path: '/api/sys/auth/send/code',
  body: bodySchema(AccountForms.sendCode),
  response: z.null(),
});
export const register = endpoint({
  method: 'POST',
  path: '/api/sys/auth/register',
  body: bodySchema(AccountForms.register),
  response: Token,
});
export const webLogin = endpoint({
  method: 'POST',
  path: '/api/sys/auth/webLogin',
  body: bodySchema(AccountForms.webLogin),
  response: Token,
});
export const webMobile = endpoint({
  method: 'POST',
  path: '/api/sys/auth/webMobile',
  body: bodySchema(AccountForms.webMobile),
  response: Token,
});
export const webSetPwd = endpoint({
  method: 'POST',
  path: '/api/sys/auth/webSetPwd',
  body: bodySchema(AccountForms.webSetPwd),
  response: z.null(),
});
export const logout = endpoint({ method: 'POST', path: '/api/sys/auth/logout', response: z.null() });
export const getUserInfo = endpoint({ method: 'POST', path: '/api/sys/auth/getUserInfo', response: UserInfoSchema });
export const logoutAll = endpoint({ method: 'POST', path: '/api/user/logout-all', response: z.null() });
export const sendChangeMobileCode = endpoint({
  method: 'POST',
  path: '/api/zs/ent/userInfoBz/send/sengSmsCode',
  body: bodySchema(AccountForms.sendCode),
  response: z.null(),
});
export const webSetMobile = endpoint({
  method: 'POST',
  path: '/api/sys/auth/webSetMobile',
  body: bodySchema(AccountForms.webSetMobile),
  response: z.null(),
});
export const webSetEmail = endpoint({
  method: 'POST',
  path: '/api/sys/auth/webSetEmail',
  body: bodySchema(AccountForms.webSetEmail),
  response: z.null(),
});
export const changePassword = endpoint({
  method: 'POST',
  path: '/api/user/password',
  body: bodySchema(AccountForms.changePassword),
  response: z.null(),
});
