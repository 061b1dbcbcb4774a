import type { FastifyInstance } from 'fastify';
import * as api from '@zs/shared/api/auth';
import { ok } from '../../lib/envelope.ts';
import { limitHit } from '../../db/rate-limit.ts';
import { bodyOf, documentOnly } from '../../lib/body.ts';
import type { ZodScope } from '../../lib/scope.ts';
import { routeSchema } from '../../lib/contract.ts';
import { createCaptcha } from './captcha.ts';
import { AuthMessages } from './messages.ts';
import { sendLoginCode, sendRegistrationCode } from './send.ts';
import { tags } from './route-kit.ts';

const CAPTCHAS_PER_IP_PER_MIN = 120;

/** What an account call asks for first: the picture captcha and the SMS codes for registering or logging in. */
export function codeRoutes(r: ZodScope, app: FastifyInstance) {
  r.get(
    api.captcha.path,
    { schema: { tags, summary: '图形验证码（4 位，5 分钟内有效，一次性）', ...routeSchema(api.captcha) } },
    async (req) => {
      await limitHit(app.ephemeral, `captcha:ip:${req.ip}`, CAPTCHAS_PER_IP_PER_MIN, 60, AuthMessages.captchaTooFast);
      return ok(await createCaptcha(app.ephemeral));
    },
  );

  r.post(
    api.sendRegistrationCode.path,
    {
      ...documentOnly,
      schema: { tags, summary: '发送注册短信验证码（未注册手机号）', ...routeSchema(api.sendRegistrationCode) },
    },
    async (req) => ok(await sendRegistrationCode(app, bodyOf(req.body), req.ip), '验证码已发送'),
  );
  r.post(
    api.sendLoginCode.path,
    {
      ...documentOnly,
      schema: { tags, summary: '发送登录/重置密码短信验证码（已注册手机号）', ...routeSchema(api.sendLoginCode) },
    },
    async (req) => ok(await sendLoginCode(app, bodyOf(req.body), req.ip), '验证码已发送'),
  );
}
