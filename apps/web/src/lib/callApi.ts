import type { AxiosRequestConfig } from 'axios';
import type { AnyEndpoint, BodyOf, Download, ParamsOf, QueryOf, ResponseOf } from '@zs/shared/api/endpoint';
import type { Envelope } from '@zs/shared/envelope';
import { http } from './http.ts';

type Scalar = string | number | boolean | null | undefined;

/** What a call sends: path parameters and body when the endpoint declares them, an optional query. */
export type CallArgs<E extends AnyEndpoint | Download> = (E['params'] extends undefined
  ? { params?: undefined }
  : { params: ParamsOf<E> }) &
  (E['query'] extends undefined ? { query?: undefined } : { query?: QueryOf<E> }) &
  (E['body'] extends undefined ? { body?: undefined } : { body: BodyOf<E> }) & {
    /** Send the body form-urlencoded (the calls docs/product.md §7 defines as forms). */
    form?: boolean;
    config?: AxiosRequestConfig;
  };

/** Query string of the defined, non-empty values (`?a=1`), or ''. */
export function queryString(query: object | undefined): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {}) as Array<[string, Scalar]>)
    if (v !== undefined && v !== null && v !== '') p.set(k, String(v));
  const s = p.toString();
  return s ? `?${s}` : '';
}

/** The URL of an endpoint under the client's `/api` base, path parameters encoded. */
export function urlOf<E extends AnyEndpoint | Download>(ep: E, params?: unknown, query?: unknown): string {
  const values = (params ?? {}) as Record<string, Scalar>;
  const path = ep.path
    .replace(/^\/api/, '')
    .replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(values[name] ?? '')));
  return path + queryString(query as object | undefined);
}

function formOf(body: unknown): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries((body ?? {}) as Record<string, Scalar>))
    if (v !== undefined && v !== null) p.append(k, String(v));
  return p.toString();
}

/**
 * Calls an endpoint declared in `@zs/shared` (decisions/0042); the answer's `data` has the type the server's
 * response schema serialises.
 */
export async function callApi<E extends AnyEndpoint>(
  ep: E,
  ...[args]: Partial<CallArgs<E>> extends CallArgs<E> ? [CallArgs<E>?] : [CallArgs<E>]
): Promise<Envelope<ResponseOf<E>>> {
  const a = (args ?? {}) as { params?: unknown; query?: unknown; body?: unknown; form?: boolean; config?: AxiosRequestConfig };
  const url = urlOf(ep, a.params, a.query);
  const config: AxiosRequestConfig = { ...a.config, method: ep.method, url };
  if (a.form) {
    config.data = formOf(a.body);
    config.headers = { ...a.config?.headers, 'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8' };
  } else if (a.body !== undefined) config.data = a.body;
  return (await http.request<Envelope<ResponseOf<E>>>(config)).data;
}
