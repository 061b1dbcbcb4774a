import { Code, DefaultMessage, type CodeValue, type Envelope } from '@zs/shared';

/** A failure the app answers on purpose: HTTP 200 with `{ code, msg, data: null }`. */
export class AppError extends Error {
  constructor(
    readonly code: CodeValue,
    message?: string,
  ) {
    super(message ?? DefaultMessage[code]);
    this.name = 'AppError';
  }
}

export const badRequest = (msg?: string) => new AppError(Code.BAD_REQUEST, msg);
export const unauthorized = (msg?: string) => new AppError(Code.UNAUTHORIZED, msg);
export const forbidden = (msg?: string) => new AppError(Code.FORBIDDEN, msg);
export const notFound = (msg?: string) => new AppError(Code.NOT_FOUND, msg);
export const tooMany = (msg?: string) => new AppError(Code.TOO_MANY, msg);

export function ok<T>(data: T, msg = '成功'): Envelope<T> {
  return { code: Code.OK, msg, data };
}

export function fail(code: CodeValue, msg?: string): Envelope<null> {
  return { code, msg: msg ?? DefaultMessage[code], data: null };
}
