import { expect, type APIRequestContext, type APIResponse, type Page } from '@playwright/test';
// Type only: erased when Playwright loads the specs, so no code of @zs/shared runs in the test runner.
import type { Envelope } from '@zs/shared/envelope';

/** The envelope every API call answers (packages/shared/src/envelope.ts), `data` typed by the caller. */
export type { Envelope };

/** The envelope of an answer (of a request context, or one the page received), read as it is: no assertion. */
export async function envelope<T = unknown>(res: { json(): Promise<unknown> }): Promise<Envelope<T>> {
  return (await res.json()) as Envelope<T>;
}

/**
 * Asserts HTTP 200 and code 0 and returns `data`. `what` names the call in a failure message; without it the
 * failure shows the answer's msg.
 */
export async function okData<T>(res: APIResponse, what?: string): Promise<T> {
  expect(res.status(), what === undefined ? undefined : `${what}: HTTP status`).toBe(200);
  const body = await envelope<T>(res);
  expect(body.code, what === undefined ? body.msg : `${what}: ${body.msg}`).toBe(0);
  return body.data;
}

/** A GET through the page's request context: asserts HTTP 200 and code 0 and returns `data`. */
export async function apiGet<T>(page: Page, url: string): Promise<T> {
  return okData<T>(await page.request.get(url));
}

/** A call with the user's token; asserts HTTP 200 and returns the envelope. */
export async function call<T = unknown>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  data?: unknown,
): Promise<Envelope<T>> {
  const res = await request.fetch(url, { method, headers: { authorization: token }, data });
  expect(res.status(), url).toBe(200);
  return envelope<T>(res);
}
