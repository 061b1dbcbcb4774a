import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { badRequest, tooMany } from '../../lib/envelope.ts';
import { clock } from '../../lib/clock.ts';
import { cstDay, limitHit, secondsToCstMidnight } from '../../db/rate-limit.ts';
import type { SmsPurpose } from '../sms/index.ts';
import { AuthMessages } from './messages.ts';

export const SMS_CODE_TTL_SEC = 300;
export const SMS_COOLDOWN_SEC = 60;
export const SMS_DAILY_PER_MOBILE = 10;
/** Wrong guesses allowed per code before it is discarded (1 in 200,000 odds per code). */
export const SMS_MAX_TRIES = 5;

const codeKey = (purpose: SmsPurpose, mobile: string) => `sms:code:${purpose}:${mobile}`;
const coolKey = (mobile: string) => `sms:cool:${mobile}`;
const triesKey = (purpose: SmsPurpose, mobile: string) => `sms:tries:${purpose}:${mobile}`;

/**
 * Checks the sending limits (one per number per 60 s, 10 per number per day, SMS_IP_DAILY_LIMIT per
 * client address per day), then stores and sends a fresh 6-digit code valid for 5 minutes.
 */
export async function sendSmsCode(app: FastifyInstance, mobile: string, purpose: SmsPurpose, ip: string): Promise<void> {
  const store = app.ephemeral;
  const now = clock.now();
  const day = cstDay(now);
  const dayTtl = secondsToCstMidnight(now);
  // A number still cooling down is refused before anything is counted: a stranger repeating the
  // request for it must not use up this address's daily budget.
  if ((await store.get(`rl:${coolKey(mobile)}`)) !== null) throw tooMany(AuthMessages.smsCooldown);
  // Address next: a request refused for its address must not start the number's cooldown.
  await limitHit(store, `sms:ip:${day}:${ip}`, app.config.sms.ipDailyLimit, dayTtl, AuthMessages.smsIpDaily);
  // Still counted, for two requests that passed the look-up above at the same moment.
  await limitHit(store, coolKey(mobile), 1, SMS_COOLDOWN_SEC, AuthMessages.smsCooldown);
  await limitHit(store, `sms:day:${day}:${mobile}`, SMS_DAILY_PER_MOBILE, dayTtl, AuthMessages.smsDaily);

  const code = crypto.randomInt(0, 1_000_000).toString().padStart(6, '0');
  await store.set(codeKey(purpose, mobile), code, SMS_CODE_TTL_SEC);
  await store.del(triesKey(purpose, mobile));
  try {
    await app.sms.send(mobile, code, purpose);
  } catch (err) {
    // The code never reached the user: drop it and report a server failure (HTTP 500, generic text).
    await store.del(codeKey(purpose, mobile));
    app.log.error({ err, provider: app.sms.name }, 'SMS provider failed');
    throw new Error(AuthMessages.smsFailed, { cause: err });
  }
}

/**
 * Verifies a code; a right code is consumed (single use), and a code is discarded after
 * SMS_MAX_TRIES wrong guesses. Concurrent right guesses: only one caller takes the code.
 */
export async function consumeSmsCode(app: FastifyInstance, mobile: string, purpose: SmsPurpose, code: string): Promise<void> {
  const store = app.ephemeral;
  const expected = await store.get(codeKey(purpose, mobile));
  if (expected === null) throw badRequest(AuthMessages.smsExpired);
  if (!timingSafeEqual(expected, code)) {
    const tries = await store.incr(triesKey(purpose, mobile), SMS_CODE_TTL_SEC);
    if (tries >= SMS_MAX_TRIES) {
      await store.del(codeKey(purpose, mobile));
      throw badRequest(AuthMessages.smsExpired);
    }
    throw badRequest(AuthMessages.smsWrong);
  }
  const taken = await store.take(codeKey(purpose, mobile));
  if (taken !== code) throw badRequest(AuthMessages.smsExpired);
}

function timingSafeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}
