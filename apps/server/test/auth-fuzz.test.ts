import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { isValidEmail } from '@zs/shared';
import { engines } from './helpers/db.ts';
import { useTestApp } from './helpers/app.ts';
import { createUser, loginToken } from './helpers/builders.ts';

const RUNS = 1000;
/** Generous: 1,000 requests per call stay fast alone (~1 s) but share the CPU with other test files. */
const TIMEOUT_MS = 300_000;
const FIELDS = [
  'username',
  'password',
  'againPassword',
  'oldPassword',
  'mobile',
  'email',
  'captcha',
  'key',
  'code',
  'userType',
  'checkInfo',
  'data',
];

/** Values of the wrong type, empty, huge, unicode, nested. */
const badValue = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: fc.constantFrom('\u0000', '\u202e', '𠮷', '😀', '\ud800', '%', "'", '"', '\\'), maxLength: 30 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(
    '',
    ' ',
    '13800138000',
    '123456',
    'abc12345',
    'Abc12345!',
    'AAAAAAAAAAAAAAAAAAAAAA==',
    '__proto__',
    'constructor',
  ),
  fc.integer({ min: 1_000, max: 100_000 }).map((n) => 'x'.repeat(n)),
  fc.array(fc.anything(), { maxLength: 5 }),
  fc.object({ maxDepth: 3 }),
);
const fieldRecord = fc.record(Object.fromEntries(FIELDS.map((f) => [f, badValue])) as Record<string, typeof badValue>, {
  requiredKeys: [],
});
const malformedBody = fc.oneof(
  fc.anything({ maxDepth: 3 }),
  fieldRecord,
  fieldRecord.map((data) => ({ data })),
  fc.array(fieldRecord, { maxLength: 3 }),
  fc.constantFrom(undefined, null, 0, '', [], 'null', true),
);

let ipSeq = 0;
/** A different client address per request, so the per-address limits do not hide the handlers. */
const nextIp = () => {
  ipSeq += 1;
  return `10.${(ipSeq >> 16) & 255}.${(ipSeq >> 8) & 255}.${ipSeq & 255}`;
};

interface Call {
  url: string;
  /** 'none': public; 'required': 401 without a token, 400/429 with one. */
  auth: 'none' | 'required' | 'token-only';
  /** A body this call accepts (code 0) that a random one could, very rarely, happen to be. */
  validByChance?: (body: unknown) => boolean;
}

const calls: Call[] = [
  { url: '/api/sys/auth/send/registrationCode', auth: 'none' },
  { url: '/api/sys/auth/send/code', auth: 'none' },
  { url: '/api/sys/auth/register', auth: 'none' },
  { url: '/api/sys/auth/webLogin', auth: 'none' },
  { url: '/api/sys/auth/webMobile', auth: 'none' },
  { url: '/api/sys/auth/webSetPwd', auth: 'none' },
  { url: '/api/sys/auth/getUserInfo', auth: 'token-only' },
  { url: '/api/user/logout-all', auth: 'token-only' },
  { url: '/api/zs/ent/userInfoBz/send/sengSmsCode', auth: 'required' },
  { url: '/api/sys/auth/webSetMobile', auth: 'required' },
  {
    url: '/api/sys/auth/webSetEmail',
    auth: 'required',
    validByChance: (b) => {
      const x = b && typeof b === 'object' && !Array.isArray(b) ? (b as Record<string, unknown>) : {};
      const fields =
        Object.keys(x).length === 1 && x.data && typeof x.data === 'object' ? (x.data as Record<string, unknown>) : x;
      return typeof fields.email === 'string' && isValidEmail(fields.email);
    },
  },
  { url: '/api/user/password', auth: 'required' },
];

describe.each(engines)('malformed bodies on every account call (%s)', (engine) => {
  const ctx = useTestApp(engine);
  let token = '';
  beforeAll(async () => {
    const u = await createUser(ctx.app);
    token = await loginToken(ctx.app, u.id);
  });

  /** logout-all ends every session of its user, so its token-holding runs use their own user and a fresh token each. */
  let logoutAllUser = 0;
  async function throwawayToken() {
    logoutAllUser ||= (await createUser(ctx.app)).id;
    return loginToken(ctx.app, logoutAllUser);
  }

  async function send(url: string, body: unknown, tok?: string) {
    const res = await ctx.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', ...(tok ? { authorization: tok } : {}) },
      payload: body === undefined ? undefined : JSON.stringify(body),
      remoteAddress: nextIp(),
    });
    return res;
  }

  for (const call of calls) {
    it(
      `${call.url}: HTTP 200, code 400/429 (401 without token), never a token`,
      async () => {
        await fc.assert(
          fc.asyncProperty(malformedBody, fc.boolean(), async (body, withToken) => {
            const tok =
              call.auth === 'none' || !withToken
                ? undefined
                : call.url === '/api/user/logout-all'
                  ? await throwawayToken()
                  : token;
            const res = await send(call.url, body, tok);
            expect(res.statusCode).toBe(200);
            const answer = res.json();
            expect(res.body).not.toContain('accessToken');
            if (call.auth !== 'none' && !tok) {
              expect(answer.code).toBe(401);
            } else if (call.auth === 'token-only') {
              expect(answer.code).toBe(0);
            } else if (call.validByChance?.(body)) {
              expect([0, 400, 429]).toContain(answer.code);
            } else {
              expect([400, 429]).toContain(answer.code);
              expect(answer.data).toBeNull();
            }
          }),
          { numRuns: RUNS },
        );
      },
      TIMEOUT_MS,
    );
  }

  it(
    '/api/sys/auth/logout: code 0 for any body, never a 5xx',
    async () => {
      await fc.assert(
        fc.asyncProperty(malformedBody, async (body) => {
          const res = await send('/api/sys/auth/logout', body);
          expect(res.statusCode).toBe(200);
          expect(res.json().code).toBe(0);
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT_MS,
  );

  it(
    '/api/sys/auth/captcha: any query string answers 0 or 429',
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.string({ maxLength: 50 }), async (q) => {
          const res = await ctx.app.inject({
            method: 'GET',
            url: `/api/sys/auth/captcha?x=${encodeURIComponent(q)}`,
            remoteAddress: nextIp(),
          });
          expect(res.statusCode).toBe(200);
          expect([0, 429]).toContain(res.json().code);
        }),
        { numRuns: 200 },
      );
    },
    TIMEOUT_MS,
  );
});
