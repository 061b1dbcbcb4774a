import { USER_TYPE } from '@zs/shared/constants';
import { post } from '../../../lib/http.ts';
import { encryptFields } from '../../../lib/crypto.ts';

/** Account calls of docs/product.md §7 (paths kept exactly). Loaded with the dialogs, not the first page. */
interface TokenAnswer {
  accessToken: string;
}
export interface SmsRequest {
  mobile: string;
  captcha: string;
  key: string;
}

export const sendRegistrationCode = (req: SmsRequest) => post('/sys/auth/send/registrationCode', { ...req, userType: USER_TYPE });
export const sendLoginCode = (req: SmsRequest) => post('/sys/auth/send/code', { ...req, userType: USER_TYPE });

export const passwordLogin = async (f: { username: string; password: string; captcha: string; key: string }) =>
  post<TokenAnswer>(
    '/sys/auth/webLogin',
    await encryptFields({ username: f.username, password: f.password, captcha: f.captcha, key: f.key, userType: USER_TYPE }, [
      'username',
      'password',
    ]),
  );

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

export const resetPassword = async (f: {
  mobile: string;
  code: string;
  captcha: string;
  key: string;
  password: string;
  againPassword: string;
}) => post('/sys/auth/webSetPwd', await encryptFields({ ...f, userType: USER_TYPE }, ['password', 'againPassword']));
