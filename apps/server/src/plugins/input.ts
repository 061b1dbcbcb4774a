import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { findUnstorableText, InputMessages } from '@zs/shared';
import { badRequest } from '../lib/envelope.ts';

/**
 * Request input rules that hold for every route, before any route schema runs:
 * - a JSON content type with an empty body is a call without a body (the spec's client sends the
 *   header on every call), not a parse error; a route that needs a body then reports its first rule;
 * - no path parameter, query value or body string may hold what PostgreSQL cannot store (U+0000,
 *   a lone surrogate). The shared schemas refuse it too; this catches every route written later.
 */
export default fp(
  async function input(app: FastifyInstance) {
    // Same parser as Fastify's default, prototype-poisoning keys refused, plus the empty body.
    const json = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
      if ((body as string).trim() === '') return done(null, undefined);
      return json(req, body as string, done);
    });

    app.addHook('preValidation', async (req) => {
      if (
        findUnstorableText(req.params) !== undefined ||
        findUnstorableText(req.query) !== undefined ||
        findUnstorableText(req.body) !== undefined
      ) {
        throw badRequest(InputMessages.badChars);
      }
    });
  },
  { name: 'input', dependencies: ['envelope'] },
);
