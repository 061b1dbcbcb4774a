import type { AxiosRequestConfig } from 'axios';
import type { AnyEndpoint, BodyOf, Download, ParamsOf, QueryOf, ResponseOf } from '@zs/shared/api/endpoint';
import type { ApiRoute, EndpointAt, FileRoute } from '@zs/shared/api/routes';
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
type ArgsOf<E extends AnyEndpoint | Download> = Partial<CallArgs<E>> extends CallArgs<E> ? [CallArgs<E>?] : [CallArgs<E>];

/** Query string of the defined, non-empty values (`?a=1`), or ''. */
export function queryString(query: object | undefined): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {}) as Array<[string, Scalar]>)
    if (v !== undefined && v !== null && v !== '') p.set(k, String(v));
  const s = p.toString();
  return s ? `?${s}` : '';
}

const split = (route: string) => {
  const i = route.indexOf(' ');
  return { method: route.slice(0, i), path: route.slice(i + 1) };
};

/** The URL of a declared call under the client's `/api` base, path parameters encoded. */
export function urlOf<K extends ApiRoute | FileRoute>(
  route: K,
  params?: ParamsOf<EndpointAt<K>>,
  query?: QueryOf<EndpointAt<K>>,
): string {
  const values = (params ?? {}) as Record<string, Scalar>;
  const path = split(route)
    .path.replace(/^\/api/, '')
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
 * Calls an endpoint declared in `@zs/shared` by its route key (decisions/0042): the arguments are checked against
 * its request schemas and the answer's `data` has the type its response schema serialises. Only types are
 * imported, so no schema reaches the bundle through a call.
 */
export async function callApi<K extends ApiRoute>(
  route: K,
  ...[args]: ArgsOf<EndpointAt<K>>
): Promise<Envelope<ResponseOf<Extract<EndpointAt<K>, AnyEndpoint>>>> {
  const a = (args ?? {}) as { params?: unknown; query?: unknown; body?: unknown; form?: boolean; config?: AxiosRequestConfig };
  const config: AxiosRequestConfig = {
    ...a.config,
    method: split(route).method,
    url: urlOf(route, a.params as never, a.query as never),
  };
  if (a.form) {
    config.data = formOf(a.body);
    config.headers = { ...a.config?.headers, 'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8' };
  } else if (a.body !== undefined) config.data = a.body;
  return (await http.request(config)).data as Envelope<ResponseOf<Extract<EndpointAt<K>, AnyEndpoint>>>;
}
