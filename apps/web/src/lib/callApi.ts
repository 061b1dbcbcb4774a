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

const FORM = 'application/x-www-form-urlencoded;charset=UTF-8';

/** `a=1&b=2` of the defined values; query strings also leave out empty ones. */
function encode(values: unknown, skipEmpty: boolean): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries((values ?? {}) as Record<string, Scalar>))
    if (v != null && !(skipEmpty && v === '')) p.append(k, String(v));
  return p.toString();
}

/** The URL of a declared call under the client's `/api` base, path parameters encoded. */
export function urlOf<K extends ApiRoute | FileRoute>(
  route: K,
  params?: ParamsOf<EndpointAt<K>>,
  query?: QueryOf<EndpointAt<K>>,
): string {
  const values = (params ?? {}) as Record<string, Scalar>;
  const qs = encode(query, true);
  const path = route
    .slice(route.indexOf(' /api') + 5)
    .replace(/:(\w+)/g, (_, k: string) => encodeURIComponent(String(values[k] ?? '')));
  return qs ? `${path}?${qs}` : path;
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
  const res = await http.request({
    ...config,
    method: route.slice(0, route.indexOf(' ')),
    url: urlOf(route, params as never, query as never),
    ...(form
      ? { data: encode(body, false), headers: { ...config?.headers, 'Content-Type': FORM } }
      : body !== undefined && { data: body }),
  });
  return res.data as Envelope<ResponseOf<Extract<EndpointAt<K>, AnyEndpoint>>>;
}
