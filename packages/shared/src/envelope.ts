/** Response envelope of every API answer (docs/product.md §3, docs/product.md §7). */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

/** Envelope codes. HTTP status is 200 for all but SERVER_ERROR (docs/product.md §7). */
export const Code = {
  OK: 0,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  TOO_MANY: 429,
  SERVER_ERROR: 500,
} as const;
export type CodeValue = (typeof Code)[keyof typeof Code];

export const DefaultMessage: Record<CodeValue, string> = {
  0: '成功',
  400: '请求参数有误',
  401: '登录已过期，请重新登录!',
  403: '没有权限执行此操作',
  404: '请求的资源不存在',
  429: '操作过于频繁，请稍后再试',
  500: '服务器繁忙，请稍后再试',
};

/** Paged list answer (docs/product.md §7): page starts at 1, size at most 100. */
export interface Page<T> {
  total: number;
  list: T[];
  page: number;
  size: number;
}
export const MAX_PAGE_SIZE = 100;
