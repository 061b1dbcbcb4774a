import { Messages } from '@zs/shared';

/** Server messages of the account flow (the product leaves their wording to the server, docs/product.md §8). */
export const AuthMessages = {
  captchaWrong: '图形验证码错误，请刷新后重试',
  // The form-field messages live with the forms (packages/shared validation.ts); named here for the tests.
  loginName: Messages.loginName,
  loginPassword: Messages.loginPassword,
  oldPassword: Messages.oldPassword,
  oldPasswordWrong: '原密码错误',
  decrypt: '登录信息解析失败，请刷新页面后重试',
  badCredentials: '用户名或密码错误',
  locked: '密码连续错误5次，该账号的密码登录已锁定15分钟；您仍可使用手机验证码登录或找回密码',
  loginTooFast: '登录尝试过于频繁，请稍后再试',
  captchaTooFast: '获取图形验证码过于频繁，请稍后再试',
  disabled: '该账号已停用，请联系平台管理员',
  mobileRegistered: '该手机号已注册',
  mobileNotRegistered: '该手机号未注册',
  mobileTaken: '该手机号已被其他账号使用',
  mobileSame: '新手机号与当前手机号相同',
  usernameTaken: '该用户名已被注册',
  smsCooldown: '验证码发送过于频繁，请60秒后再试',
  smsDaily: '该手机号今日获取验证码次数已达上限（10次），请明天再试',
  smsIpDaily: '当前网络今日获取验证码次数已达上限，请明天再试',
  smsExpired: '短信验证码已失效，请重新获取',
  smsWrong: '短信验证码错误',
  smsFailed: '短信发送失败，请稍后再试',
} as const;
