import crypto from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import { Messages } from '@zs/shared';
import type { EphemeralStore } from '../../db/ephemeral.ts';
import { badRequest } from '../../lib/envelope.ts';
import { AuthMessages } from './messages.ts';

export const CAPTCHA_TTL_SEC = 300;
const KEY = /^[0-9a-f-]{36}$/;
const storeKey = (key: string) => `captcha:${key}`;

/** A 4-character image captcha without look-alike characters; the answer is kept 5 minutes. */
export async function createCaptcha(store: EphemeralStore): Promise<{ key: string; image: string }> {
  const c = svgCaptcha.create({
    size: 4,
    ignoreChars: '0oO1iIlLqg9',
    noise: 2,
    color: true,
    background: '#f3f6fb',
    width: 120,
    height: 40,
  });
  const key = crypto.randomUUID();
  await store.set(storeKey(key), c.text.toLowerCase(), CAPTCHA_TTL_SEC);
  return { key, image: `data:image/svg+xml;base64,${Buffer.from(c.data).toString('base64')}` };
}

/** Single use: the answer is consumed by any check, right or wrong; case is ignored. */
export async function assertCaptcha(store: EphemeralStore, key: unknown, answer: string): Promise<void> {
  if (typeof key !== 'string' || !KEY.test(key)) throw badRequest(Messages.captchaKey);
  const expected = await store.take(storeKey(key));
  if (expected === null) throw badRequest(Messages.captchaKey);
  if (expected !== answer.trim().toLowerCase()) throw badRequest(AuthMessages.captchaWrong);
}

/** Development only (dev outbox): the answer without consuming it. */
export function peekCaptcha(store: EphemeralStore, key: string): Promise<string | null> {
  return KEY.test(key) ? store.get(storeKey(key)) : Promise.resolve(null);
}
