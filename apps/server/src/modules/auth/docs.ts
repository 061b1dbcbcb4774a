import { z } from 'zod';
import { envelopeOf } from '../../lib/envelope.ts';

/** OpenAPI descriptions of the account calls (validation itself runs in the handlers, see body.ts). */
const s = (d: string) => z.string().optional().describe(d);
const userType = z
  .union([z.literal(2), z.literal('2')])
  .optional()
  .describe('用户类型，固定为 2');

export const Docs = {
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

export const TokenAnswer = envelopeOf(z.object({ accessToken: z.string() }));
export const NullAnswer = envelopeOf(z.null());
export const CaptchaAnswer = envelopeOf(z.object({ key: z.string(), image: z.string() }));
export const UserInfoAnswer = envelopeOf(
  z.object({
    username: z.string(),
    mobile: z.string(),
    unread: z.number(),
    email: z.string().nullable(),
    certified: z.boolean(),
    enterpriseName: z.string().nullable(),
    role: z.enum(['user', 'operator', 'admin']),
  }),
);
