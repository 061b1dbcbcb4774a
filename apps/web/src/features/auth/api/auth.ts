import { USER_TYPE } from '@zs/shared/constants';
import { post, get } from '../../../lib/http.ts';
import { encrypt } from '../../../lib/crypto.ts';

/** Account calls of spec §7 (paths kept exactly). Loaded with the dialogs, not the first page. */
export interface Captcha {
  key: string;
  image: string;
}
interface TokenAnswer {
  accessToken: string;
}
export interface SmsRequest {
  mobile: string;
  captcha: string;
  key: string;
}

export const fetchCaptcha = () => get<Captcha>('/sys/auth/captcha');

export const sendRegistrationCode = (req: SmsRequest) => post('/sys/auth/send/registrationCode', { ...req, userType: USER_TYPE });
export const sendLoginCode = (req: SmsRequest) => post('/sys/auth/send/code', { ...req, userType: USER_TYPE });

export const passwordLogin = (f: { username: string; password: string; captcha: string; key: string }) =>
  post<TokenAnswer>('/sys/auth/webLogin', {
    username: encrypt(f.username),
    password: encrypt(f.password),
    captcha: f.captcha,
    key: f.key,
    userType: USER_TYPE,
  });

export const mobileLogin = (f: { mobile: string; code: string; captcha: string; key: string }) =>
  post<TokenAnswer>('/sys/auth/webMobile', { ...f, userType: USER_TYPE });

export interface RegisterForm {
  username: string;
  password: string;
  againPassword: string;
  mobile: string;
  email?: string;
  captcha: string;
  code: string;
  checkInfo: boolean;
}
export const register = (f: RegisterForm & { key: string }) =>
  post<TokenAnswer>('/sys/auth/register', { ...f, userType: USER_TYPE });

export const resetPassword = (f: {
  mobile: string;
  code: string;
  captcha: string;
  key: string;
  password: string;
  againPassword: string;
}) =>
  post('/sys/auth/webSetPwd', {
    ...f,
    password: encrypt(f.password),
    againPassword: encrypt(f.againPassword),
    userType: USER_TYPE,
  });
