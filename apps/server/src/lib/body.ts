import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { firstMessage } from '@zs/shared';
import { badRequest } from './envelope.ts';

export type Body = Record<string, unknown>;

/**
 * The request body as a plain object. The spec's "body with data" calls may wrap the fields in
 * `{ data: { … } }`; both forms are accepted. Anything else (array, string, null) counts as empty,
 * so the first field's rule reports it.
 */
export function bodyOf(raw: unknown): Body {
  if (!isPlain(raw)) return {};
  if (isPlain(raw.data) && Object.keys(raw).length === 1) return raw.data;
  return raw;
}

function isPlain(v: unknown): v is Body {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Validates one field; the handlers call it field by field so `msg` is the first failing rule. */
export function check<T extends z.ZodType>(value: unknown, schema: T): z.output<T> {
  const r = schema.safeParse(value);
  if (!r.success) throw badRequest(firstMessage(r.error));
  return r.data;
}

/**
 * Route option: the zod body schema only documents the call in OpenAPI; validation happens in
 * the handler in the spec's field order (fastify would report the schema's own order).
 */
export const documentOnly = {
  validatorCompiler: () => (data: unknown) => ({ value: data }),
};

/**
 * For calls without a body (getUserInfo, logout, logout-all) in an encapsulated scope: clients that
 * send a JSON content type with an empty or odd body still get the call's answer, not a parse error.
 */
export function ignoreJsonBody(scope: FastifyInstance) {
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, _body, done) => done(null, undefined));
}
