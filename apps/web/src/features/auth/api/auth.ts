import { USER_TYPE } from '@zs/shared/constants';
import type { BodyOf } from '@zs/shared/api/endpoint';
import type { EndpointAt } from '@zs/shared/api/routes';
import { callApi } from '../../../lib/http.ts';
import { encryptFields } from '../../../lib/crypto.ts';

/** Account calls of docs/product.md §7 (paths kept exactly). Loaded with the dialogs, not the first page. */
export type SmsRequest = Required<Pick<BodyOf<EndpointAt<'POST /api/sys/auth/send/code'>>, 'mobile' | 'captcha' | 'key'>>;

export const sendRegistrationCode = (req: SmsRequest) =>
  callApi('POST /api/sys/auth/send/registrationCode', { body: { ...req, userType: USER_TYPE } });
export const sendLoginCode = (req: SmsRequest) =>
  callApi('POST /api/sys/auth/send/code', { body: { ...req, userType: USER_TYPE } });

export const passwordLogin = async (f: { username: string; password: string; captcha: string; key: string }) =>
  callApi('POST /api/sys/auth/webLogin', {
    body: {
      ...(await encryptFields({ username: f.username, password: f.password, captcha: f.captcha, key: f.key }, [
        'username',
        'password',
      ])),
      userType: USER_TYPE,
    },
  });

export const mobileLogin = (f: { mobile: string; code: string; captcha: string; key: string }) =>
  callApi('POST /api/sys/auth/webMobile', { body: { ...f, userType: USER_TYPE } });

/** The register dialog's values: the register body without the captcha key and user type, which the call adds. */
export type RegisterForm = Omit<BodyOf<EndpointAt<'POST /api/sys/auth/register'>>, 'key' | 'userType'>;
export const register = (f: RegisterForm & { key: string }) =>
  callApi('POST /api/sys/auth/register', { body: { ...f, userType: USER_TYPE } });

export const resetPassword = async (f: {
  mobile: string;
  code: string;
  captcha: string;
  key: string;
  password: string;
  againPassword: string;
}) =>
  callApi('POST /api/sys/auth/webSetPwd', {
    body: { ...(await encryptFields({ ...f }, ['password', 'againPassword'])), userType: USER_TYPE },
  });
