import type { FastifyInstance } from 'fastify';
import type { AnyEndpoint, Envelope, ResponseOf } from '@zs/shared';
import type { ApiRoute, EndpointAt } from '@zs/shared/api/routes';

/**
 * The envelope every API call answers (packages/shared/src/envelope.ts), its `data` typed by the caller, best by
 * the contract: `call<DataOf<'GET /api/user/messages'>>(…)`. Left out, `data` is `unknown`, so a test reading
 * into it says what it expects.
 */
export type Answer<T = unknown> = Envelope<T>;

/** An answer with the HTTP status it came with (200 for all but a server error, docs/product.md §7). */
export type Reply<T = unknown> = Answer<T> & { status: number };

/** The `data` of a declared call's success answer (packages/shared/src/api), by its route key: `DataOf<'GET /api/user/messages'>`. */
export type DataOf<K extends ApiRoute> = ResponseOf<Extract<EndpointAt<K>, AnyEndpoint>>;

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The envelope of an inject response (asserting its HTTP status is the caller's job). */
export function answerOf<T = unknown>(res: { json(): unknown }): Answer<T> {
  return res.json() as Answer<T>;
}

/** The envelope of an inject response with its HTTP status. */
export function replyOf<T = unknown>(res: { statusCode: number; json(): unknown }): Reply<T> {
  return { status: res.statusCode, ...answerOf<T>(res) };
}

/** The envelope of a fetch response (tests that run the real server as a process). */
export async function fetchedAnswer<T = unknown>(res: Response): Promise<Answer<T>> {
  return (await res.json()) as Answer<T>;
}

/**
 * Calls the API through inject: JSON body (when given), the token as `authorization` (when given), and returns
 * the HTTP status with the envelope.
 */
export async function call<T = unknown>(
  app: FastifyInstance,
  method: Method,
  url: string,
  token?: string,
  body?: unknown,
  opts: { ip?: string; headers?: Record<string, string> } = {},
): Promise<Reply<T>> {
  const res = await app.inject({
    method,
    url,
    headers: {
      ...(token ? { authorization: token } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...opts.headers,
    },
    payload: body === undefined ? undefined : JSON.stringify(body),
    remoteAddress: opts.ip ?? '127.0.0.1',
  });
  return replyOf<T>(res);
}

/** POSTs JSON through inject and returns the envelope with the HTTP status (asserting 200 is the caller's job). */
export function post<T = unknown>(
  app: FastifyInstance,
  url: string,
  body?: unknown,
  opts: { token?: string; ip?: string } = {},
): Promise<Reply<T>> {
  return call<T>(app, 'POST', url, opts.token, body, { ip: opts.ip });
}

/** GETs through inject and returns the envelope with the HTTP status. */
export function get<T = unknown>(app: FastifyInstance, url: string, token?: string): Promise<Reply<T>> {
  return call<T>(app, 'GET', url, token);
}
