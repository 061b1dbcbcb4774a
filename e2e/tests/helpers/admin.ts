import crypto from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import { solvedCaptcha, USER_TYPE } from './accounts.ts';
import { envelope } from './api.ts';

/**
 * The administrator `npm run admin:create` makes before the test server starts (playwright.config.ts):
 * the same path an operator takes on a real deployment. Staff accounts for tests are promoted by it.
 */
export const E2E_ADMIN = { username: 'e2eadmin01', mobile: '13900000009', password: 'E2e#Admin2026' } as const;

/**
 * The AES-ECB/PKCS7 encryption of login fields (docs/product.md §7), as the web client does it: with the key
 * the server hands out at run time (`/api/sys/config`), never a key baked into the test.
 */
async function aes(request: APIRequestContext, plain: string): Promise<string> {
  const res = await request.get('/api/sys/config');
  const key = (await envelope<{ passwordAesKey: string }>(res)).data.passwordAesKey;
  const c = crypto.createCipheriv('aes-128-ecb', Buffer.from(key, 'utf8'), null);
  return Buffer.concat([c.update(plain, 'utf8'), c.final()]).toString('base64');
}

let adminToken: Promise<string> | undefined;

/** The administrator's token, logged in once per worker. */
export function loginAdmin(request: APIRequestContext): Promise<string> {
  adminToken ??= (async () => {
    const res = await request.post('/api/sys/auth/webLogin', {
      data: {
        username: await aes(request, E2E_ADMIN.username),
        password: await aes(request, E2E_ADMIN.password),
        ...(await solvedCaptcha(request)),
        userType: USER_TYPE,
      },
    });
    const body = await envelope<{ accessToken: string }>(res);
    expect(body.code, `admin login: ${body.msg}`).toBe(0);
    return body.data.accessToken;
  })();
  return adminToken;
}
