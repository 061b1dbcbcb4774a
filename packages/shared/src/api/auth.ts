import { z } from 'zod';
import { CaptchaSchema } from './captcha.ts';
import { endpoint } from './endpoint.ts';

/**
 * The account calls of docs/product.md §7 (apps/server/src/modules/auth). Their bodies describe the wire shape;
 * the server checks the fields one by one, in the spec's order, with the shared field rules (validation.ts).
 */
const s = (d: string) => z.string().optional().describe(d);
const userType = z
  .union([z.literal(2), z.literal('2')])
  .optional()
  .describe('用户类型，固定为 2');

const Docs = {
  sendCode: z.object({ mobile: s('手机号'), captcha: s('图形验证码'), key: s('图形验证码 key'), userType }),
  sendChangeCode: z.object({ mobile: s('新手机号'), captcha: s('图形验证码'), key: s('图形验证码 key') }),
  register: z.object({
    username: s('用户名（6-25 位英文与数字组合）'),
    password: s('密码（明文，8-25 位英文、数字、特殊符号组合）'),
    againPassword: s('确认密码'),
    mobile: s('手机号'),
    email: s('邮箱（可选）'),
    captcha: s('图形验证码'),
    key: s('图形验证码 key'),
    code: s('短信验证码（注册用途）'),
    userType,
    checkInfo: z.boolean().optional().describe('同意用户协议'),
  }),
  webLogin: z.object({
    username: s('用户名或手机号（AES-ECB/PKCS7/base64 加密）'),
    password: s('密码（AES-ECB/PKCS7/base64 加密）'),
    captcha: s('图形验证码'),
    key: s('图形验证码 key'),
    userType,
  }),
  webMobile: z.object({
    mobile: s('手机号'),
    code: s('短信验证码（登录用途）'),
    captcha: s('（可选）'),
    key: s('（可选）'),
    userType,
  }),
  webSetPwd: z.object({
    mobile: s('手机号'),
    code: s('短信验证码（由 send/code 发送）'),
    password: s('新密码（加密）'),
    againPassword: s('确认密码（加密）'),
    captcha: s('（可选）'),
    key: s('（可选）'),
    userType,
  }),
  webSetMobile: z.object({ mobile: s('新手机号'), code: s('发送到新手机号的短信验证码') }),
  webSetEmail: z.object({ email: s('邮箱') }),
  changePassword: z.object({
    oldPassword: s('原密码（加密）'),
    password: s('新密码（加密）'),
    againPassword: s('确认密码（加密）'),
  }),
};

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
  body: Docs.sendCode,
  response: z.null(),
});
export const sendLoginCode = endpoint({
  method: 'POST',
  path: '/api/sys/auth/send/code',
  body: Docs.sendCode,
  response: z.null(),
});
export const register = endpoint({ method: 'POST', path: '/api/sys/auth/register', body: Docs.register, response: Token });
export const webLogin = endpoint({ method: 'POST', path: '/api/sys/auth/webLogin', body: Docs.webLogin, response: Token });
export const webMobile = endpoint({ method: 'POST', path: '/api/sys/auth/webMobile', body: Docs.webMobile, response: Token });
export const webSetPwd = endpoint({ method: 'POST', path: '/api/sys/auth/webSetPwd', body: Docs.webSetPwd, response: z.null() });
export const logout = endpoint({ method: 'POST', path: '/api/sys/auth/logout', response: z.null() });
export const getUserInfo = endpoint({ method: 'POST', path: '/api/sys/auth/getUserInfo', response: UserInfoSchema });
export const logoutAll = endpoint({ method: 'POST', path: '/api/user/logout-all', response: z.null() });
export const sendChangeMobileCode = endpoint({
  method: 'POST',
  path: '/api/zs/ent/userInfoBz/send/sengSmsCode',
  body: Docs.sendChangeCode,
  response: z.null(),
});
export const webSetMobile = endpoint({
  method: 'POST',
  path: '/api/sys/auth/webSetMobile',
  body: Docs.webSetMobile,
  response: z.null(),
});
export const webSetEmail = endpoint({
  method: 'POST',
  path: '/api/sys/auth/webSetEmail',
  body: Docs.webSetEmail,
  response: z.null(),
});
export const changePassword = endpoint({
  method: 'POST',
  path: '/api/user/password',
  body: Docs.changePassword,
  response: z.null(),
});
