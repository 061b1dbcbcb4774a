import type { FastifyInstance } from 'fastify';
import { parseInOrder, type Decryption, type FormField, type FormValue } from '@zs/shared/ordered-form';
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

/** Checks a body against its shared ordered form; 400 with the first failing field's message. */
export function parseForm<F extends readonly FormField[]>(form: F, body: Body, decryption?: Decryption): FormValue<F> {
  const r = parseInOrder(form, body, decryption);
  if (!r.ok) throw badRequest(r.message);
  return r.value;
}

/**
 * Route option: fastify does not validate the body; the handler does with the endpoint's ordered form
 * (`parseForm`), which also opens encrypted fields and checks a confirmation against its field.
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
