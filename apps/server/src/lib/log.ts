import crypto from 'node:crypto';
import type { FastifyServerOptions, RawRequestDefaultExpression } from 'fastify';

type LoggerOptions = Exclude<NonNullable<FastifyServerOptions['logger']>, boolean>;

/** Mainland mobile numbers anywhere in a string: 13812345678 → 138****5678. */
const MOBILE = /(?<!\d)(1[3-9]\d)\d{4}(\d{4})(?!\d)/g;

export function maskMobiles(text: string): string {
  return text.replace(MOBILE, '$1****$2');
}

/** Deep copy with every string masked; logs carry request ids, never whole mobile numbers. */
export function maskValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return maskMobiles(value);
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => maskValue(v, depth + 1));
  // Requests, errors and the like keep their class: their serializers read prototype getters.
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = maskValue(v, depth + 1);
  return out;
}

const REQUEST_ID = /^[\w.-]{1,64}$/;

/** The proxy's X-Request-Id when it looks like one (so both logs share it), otherwise a new UUID. */
export function requestId(req: RawRequestDefaultExpression): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : crypto.randomUUID();
}

/** pino options: JSON lines with request ids; secrets redacted and mobile numbers masked. */
export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.againPassword', '*.oldPassword'],
      censor: '[redacted]',
    },
    formatters: { log: (obj) => maskValue(obj) as Record<string, unknown> },
    hooks: {
      logMethod(args, method) {
        const masked = args.map((a) => (typeof a === 'string' ? maskMobiles(a) : a));
        return method.apply(this, masked as Parameters<typeof method>);
      },
    },
    serializers: {
      req: (req: { method: string; url: string; ip?: string; socket?: { remoteAddress?: string } }) => ({
        method: req.method,
        url: maskMobiles(String(req.url ?? '')),
        remoteAddress: req.ip ?? req.socket?.remoteAddress,
      }),
    },
  };
}
