import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance } from 'fastify';
import { Code } from '@zs/shared';
import { AppError, fail } from '../lib/envelope.ts';

/**
 * The one place that turns every outcome into the envelope of PRODUCT.md §4: deliberate failures
 * and client mistakes are HTTP 200 with a code; only unexpected failures are HTTP 500, with a
 * generic message and nothing internal.
 */
export default fp(
  async function envelope(app: FastifyInstance) {
    app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
      // Failures bypass the route's success-response schema: the envelope is serialised as is.
      reply.serializer((payload: unknown) => JSON.stringify(payload));
      if (err instanceof AppError) {
        return reply.status(200).send(fail(err.code, err.message));
      }
      if (err.validation && err.validation.length > 0) {
        // Zod issues carry the spec's message for the first failing rule; anything else is generic.
        const msg = err.validation[0]?.message;
        return reply.status(200).send(fail(Code.BAD_REQUEST, msg && /[\u4e00-\u9fa5]/.test(msg) ? msg : '请求参数有误'));
      }
      const status = err.statusCode ?? 500;
      if (
        err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
        err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
        err instanceof SyntaxError
      ) {
        return reply.status(200).send(fail(Code.BAD_REQUEST, '请求内容不是有效的 JSON'));
      }
      if (status === 413 || err.code === 'FST_REQ_FILE_TOO_LARGE' || err.code === 'FST_FILES_LIMIT') {
        return reply.status(200).send(fail(Code.BAD_REQUEST, '请求内容过大'));
      }
      if (status === 415) {
        return reply.status(200).send(fail(Code.BAD_REQUEST, '不支持的请求内容类型'));
      }
      if (status === 429) {
        return reply.status(200).send(fail(Code.TOO_MANY));
      }
      if (status >= 400 && status < 500) {
        return reply.status(200).send(fail(Code.BAD_REQUEST));
      }
      req.log.error({ err }, 'unhandled error');
      return reply.status(500).send(fail(Code.SERVER_ERROR));
    });
  },
  { name: 'envelope' },
);
