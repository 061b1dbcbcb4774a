import type { FastifyInstance } from 'fastify';
import { AccountForms } from '@zs/shared/api/auth';
import { badRequest } from '../../lib/envelope.ts';
import { parseForm, type Body } from '../../lib/body.ts';
import { assertCaptcha } from './captcha.ts';
import { AuthMessages } from './messages.ts';
import { findByMobile } from './repository.ts';
import { sendSmsCode } from './sms-codes.ts';

/** Mobile first, then the image captcha (docs/product.md §5: both are checked before an SMS is sent). */
async function checkMobileAndCaptcha(app: FastifyInstance, b: Body): Promise<string> {
  const { mobile, captcha, key } = parseForm(AccountForms.sendCode, b);
  await assertCaptcha(app.ephemeral, key, captcha);
  return mobile;
}

/** send/registrationCode: only for a number not yet registered. */
export async function sendRegistrationCode(app: FastifyInstance, b: Body, ip: string) {
  const mobile = await checkMobileAndCaptcha(app, b);
  if (await findByMobile(app.db, mobile)) throw badRequest(AuthMessages.mobileRegistered);
  await sendSmsCode(app, mobile, 'register', ip);
  return null;
}

/** send/code: mobile login and password reset, only for a registered number. */
export async function sendLoginCode(app: FastifyInstance, b: Body, ip: string) {
  const mobile = await checkMobileAndCaptcha(app, b);
  const user = await findByMobile(app.db, mobile);
  if (!user || user.status === 'deleted') throw badRequest(AuthMessages.mobileNotRegistered);
  await sendSmsCode(app, mobile, 'login', ip);
  return null;
}

/** userInfoBz/send/sengSmsCode: a code to the NEW number of a logged-in user. */
export async function sendChangeMobileCode(app: FastifyInstance, userId: number, current: string, b: Body, ip: string) {
  const mobile = await checkMobileAndCaptcha(app, b);
  if (mobile === current) throw badRequest(AuthMessages.mobileSame);
  const other = await findByMobile(app.db, mobile);
  if (other && other.id !== userId) throw badRequest(AuthMessages.mobileTaken);
  await sendSmsCode(app, mobile, 'change-mobile', ip);
  return null;
}
