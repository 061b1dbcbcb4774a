import type { z } from 'zod';
import type { AnyEndpoint, Download } from '@zs/shared';

type Present<K extends string, S> = S extends z.ZodType ? { [k in K]: S } : unknown;
type RequestSchema<E extends AnyEndpoint | Download> = Present<'params', E['params']> &
  Present<'querystring', E['query']> &
  Present<'body', E['body']>;

function requestSchema<E extends AnyEndpoint | Download>(ep: E): RequestSchema<E> {
  return {
    ...(ep.params ? { params: ep.params } : {}),
    ...(ep.query ? { querystring: ep.query } : {}),
    ...(ep.body ? { body: ep.body } : {}),
  } as RequestSchema<E>;
}

/**
 * The Fastify schema of a route declared in `@zs/shared` (decisions/0042): its request schemas and, as the 200
 * answer, the endpoint's own envelope object (test/contract.test.ts checks the identity). Spread it into
 * `schema` next to the route's tags and summary, and register the route on `ep.method` / `ep.path`.
 */
export function routeSchema<E extends AnyEndpoint>(ep: E): RequestSchema<E> & { response: { 200: E['envelope'] } } {
  return { ...(requestSchema(ep) as object), response: { 200: ep.envelope } } as RequestSchema<E> & {
    response: { 200: E['envelope'] };
  };
}

/** The request schemas of a file download; its success answer is bytes, not an envelope. */
export function downloadSchema<E extends Download>(ep: E): RequestSchema<E> {
  return requestSchema(ep);
}
