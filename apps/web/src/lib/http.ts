import { EXPIRED_REDIRECT_MS, HTTP_TIMEOUT_MS } from '@zs/shared/constants';
import { Code, DefaultMessage, type Envelope } from '@zs/shared/envelope';
import { useSession } from './session.ts';
import { toast } from './feedback.ts';
import { navigateTo } from './navigation.ts';
import { createClient, xhrAdapter, type HttpResponse, type RequestConfig } from './transport.ts';

export type { HttpResponse, RequestConfig, UploadProgress } from './transport.ts';

/** The user-info call clears an expired session silently (docs/product.md §8). */
const USER_INFO_PATH = '/sys/auth/getUserInfo';
export const EMPTY_BODY_MESSAGE = '获取数据错误';
export const EXPIRED_MESSAGE = DefaultMessage[Code.UNAUTHORIZED];

/** HTTP client of docs/product.md §7. */
export const http = createClient({
  baseURL: '/api',
  timeout: HTTP_TIMEOUT_MS,
  headers: { 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/json' },
  adapter: xhrAdapter,
});

http.interceptors.request.push((req) => {
  const token = useSession.getState().accessToken;
  // The token goes raw, without a "Bearer" prefix (docs/product.md §7).
  if (token) req.headers.Authorization = token;
  return req;
});

let expiryTimer: ReturnType<typeof setTimeout> | null = null;

function isEmptyBody(body: unknown): boolean {
  return body === undefined || body === null || body === '';
}

function onResponse(res: HttpResponse): HttpResponse | Promise<never> {
  const session = useSession.getState();
  // Loading goes off on every path: whoever showed it was waiting for this answer.
  session.hideLoading();
  const body = res.data as Partial<Envelope> | '' | null | undefined;
  if (isEmptyBody(body)) return Promise.reject(new Error(EMPTY_BODY_MESSAGE));

  if (typeof body === 'object' && body?.code === Code.UNAUTHORIZED) {
    session.clearSession();
    const url = res.request.url;
    if (!url.endsWith(USER_INFO_PATH)) {
      // Several calls can expire together; one message and one redirect are enough.
      if (!expiryTimer) {
        toast.error(EXPIRED_MESSAGE);
        expiryTimer = setTimeout(() => {
          expiryTimer = null;
          navigateTo('/home');
        }, EXPIRED_REDIRECT_MS);
      }
    }
  }
  // Every other code (and 401 after the clean-up) goes to the caller, who checks `code`.
  return res;
}

function onTransportError(error: unknown): Promise<never> {
  useSession.getState().hideLoading();
  return Promise.reject(error);
}

http.interceptors.response.push({ ok: onResponse, fail: onTransportError });

export async function get<T = unknown>(url: string, config?: RequestConfig): Promise<Envelope<T>> {
  return (await http.get<Envelope<T>>(url, config)).data;
}

export async function post<T = unknown>(url: string, data?: unknown, config?: RequestConfig): Promise<Envelope<T>> {
  return (await http.post<Envelope<T>>(url, data, config)).data;
}

export async function put<T = unknown>(url: string, data?: unknown, config?: RequestConfig): Promise<Envelope<T>> {
  return (await http.put<Envelope<T>>(url, data, config)).data;
}

/** Form-urlencoded POST (the spec's "add outside details" call of the district standard services). */
export async function postForm<T = unknown>(
  url: string,
  data: Record<string, string | number | boolean | null | undefined>,
  config?: RequestConfig,
): Promise<Envelope<T>> {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(data)) if (v !== undefined && v !== null) params.append(k, String(v));
  return (
    await http.post<Envelope<T>>(url, params.toString(), {
      ...config,
      headers: { ...config?.headers, 'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8' },
    })
  ).data;
}

export function isOk<T>(res: Envelope<T>): boolean {
  return res.code === Code.OK;
}
