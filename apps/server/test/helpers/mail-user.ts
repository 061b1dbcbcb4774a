import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { call, post } from './answer.ts';
import { userWithToken } from './login.ts';
import type { ReceivedMail, TestSmtp } from './smtp.ts';

/** The mails the test server has received for `to`, once there are `count` of them or 5 s have passed. */
export async function waitMailTo(smtp: TestSmtp, to: string, count: number): Promise<ReceivedMail[]> {
  const mailsTo = () => smtp.mails.filter((m) => m.to.includes(to));
  const until = Date.now() + 5000;
  while (mailsTo().length < count && Date.now() < until) await smtp.waitFor(smtp.mails.length + 1, 500).catch(() => undefined);
  return mailsTo();
}

/** A new user whose address is set and verified through the link mailed to it, as a user would. */
export async function userWithVerifiedMail(app: FastifyInstance, smtp: TestSmtp) {
  const u = await userWithToken(app);
  const email = `c${crypto.randomBytes(5).toString('hex')}@example.com`;
  expect(await post(app, '/api/sys/auth/webSetEmail', { email }, { token: u.token })).toMatchObject({ code: 0 });
  const [m] = await waitMailTo(smtp, email, 1);
  const token = /email-verify\?token=([\w-]+)/.exec(m!.text)![1];
  expect((await call(app, 'GET', `/api/mail/verify?token=${token}`)).code).toBe(0);
  return { ...u, email };
}
