import type { AnyEndpoint, BodyOf, Download, ParamsOf, QueryOf, ResponseOf } from '@zs/shared/api/endpoint';
import type { ApiRoute, EndpointAt, FileRoute } from '@zs/shared/api/routes';
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

/** Form-urlencoded POST (the spec's "add outside details" call of the district standard services). */
export async function postForm<T = unknown>(
  url: string,
  data: Record<string, string | number | boolean | null | undefined>,
  config?: RequestConfig,
): Promise<Envelope<T>> {
  return (await http.post<Envelope<T>>(url, formBody(data), asForm(config))).data;
}

const FORM_TYPE = 'application/x-www-form-urlencoded;charset=UTF-8';
/** A form-urlencoded body; absent (null/undefined) fields are left out. */
function formBody(data: object): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(data)) if (v !== undefined && v !== null) params.append(k, String(v));
  return params.toString();
}
const asForm = (config: RequestConfig = {}): RequestConfig => ({
  ...config,
  headers: { ...config.headers, 'Content-Type': FORM_TYPE },
});

// ---- typed calls of the shared contract (decisions/0042) ----

/** What a call sends: path parameters and body when the endpoint declares them, an optional query. */
export type CallArgs<E extends AnyEndpoint | Download> = (E['params'] extends undefined
  ? { params?: undefined }
  : { params: ParamsOf<E> }) &
  (E['query'] extends undefined ? { query?: undefined } : { query?: QueryOf<E> }) &
  (E['body'] extends undefined ? { body?: undefined } : { body: BodyOf<E> }) & {
    /** Send the body form-urlencoded (the calls docs/product.md §7 defines as forms). */
    form?: boolean;
    config?: RequestConfig & { data?: unknown };
  };
type ArgsOf<E extends AnyEndpoint | Download> = Partial<CallArgs<E>> extends CallArgs<E> ? [CallArgs<E>?] : [CallArgs<E>];

/** The URL of a declared call under the client's `/api` base: path parameters encoded, empty query values left out. */
export function urlOf<K extends ApiRoute | FileRoute>(
  route: K,
  params?: ParamsOf<EndpointAt<K>>,
  query?: QueryOf<EndpointAt<K>>,
): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v != null && v !== '') q.set(k, String(v));
  const path = route
    .slice(route.indexOf('/') + 4)
    .replace(/:(\w+)/g, (_, k: string) => encodeURIComponent(String((params as Record<string, unknown>)[k])));
  const s = String(q);
  return s ? `${path}?${s}` : path;
}

/**
 * Calls an endpoint declared in `@zs/shared` by its route key (decisions/0042): the arguments are checked against
 * its request schemas and the answer's `data` has the type its response schema serialises. Only types are
 * imported, so no schema reaches the bundle through a call.
 */
export async function callApi<K extends ApiRoute>(
  route: K,
  ...[args]: ArgsOf<EndpointAt<K>>
): Promise<Envelope<ResponseOf<Extract<EndpointAt<K>, AnyEndpoint>>>> {
  const { params, query, body, form, config } = (args ?? {}) as CallArgs<AnyEndpoint>;
  const { data: upload, ...rest } = config ?? {};
  const res = await http.request(
    route.slice(0, route.indexOf(' ')),
    urlOf(route, params as never, query as never),
    // Multipart uploads pass their FormData as config.data.
    form ? formBody(body as object) : (body ?? upload),
    form ? asForm(rest) : rest,
  );
  return res.data as Envelope<ResponseOf<Extract<EndpointAt<K>, AnyEndpoint>>>;
}
