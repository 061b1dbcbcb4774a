import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Code } from '@zs/shared';
import { AppError, fail } from '../lib/envelope.ts';
import { sqlState } from '../db/tx.ts';

/** Every error answer is JSON: the web tells a downloaded file from a refusal by this header. */
const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * PostgreSQL classes caused by the values a request carried, not by the server: 22 data exception
 * (bad encoding, out-of-range date or number) and 54 program limit (a value too large to index).
 * Validation refuses such input first; this keeps any value it misses a 400, logged in one line.
 */
const isInputDataError = (state: string | undefined) => state !== undefined && /^(22|54)/.test(state);

/**
 * Fastify's own refusals before routing (undecodable URL, over-long path parameter): answered in
 * the envelope like every other mistake. Used as the server's `frameworkErrors` option.
 */
export function frameworkError(err: FastifyError, _req: FastifyRequest, reply: FastifyReply) {
  const msg = err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? '请求地址过长' : '请求地址格式不正确';
  return reply
    .status(200)
    .type(JSON_TYPE)
    .send(JSON.stringify(fail(Code.BAD_REQUEST, msg)));
}

/**
 * The one place that turns every outcome into the envelope of docs/product.md §7: deliberate failures
 * and client mistakes are HTTP 200 with a code; only unexpected failures are HTTP 500, with a
 * generic message and nothing internal.
 */
export default fp(
  async function envelope(app: FastifyInstance) {
    app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
      // Failures bypass the route's success-response schema: the envelope is serialised as is.
      reply.serializer((payload: unknown) => JSON.stringify(payload)).type(JSON_TYPE);
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
      if (isInputDataError(sqlState(err))) {
        // No stack trace: a client can send such values at will and must not be able to flood the log.
        req.log.warn({ sqlState: sqlState(err), url: req.url }, 'database refused a request value');
        return reply.status(200).send(fail(Code.BAD_REQUEST));
      }
      req.log.error({ err }, 'unhandled error');
      return reply.status(500).send(fail(Code.SERVER_ERROR));
    });
  },
  { name: 'envelope' },
);
