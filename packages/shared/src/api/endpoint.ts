import { z } from 'zod';

/**
 * One API call, declared once (decisions/0042): method, path and the zod schemas of its path parameters, query,
 * body and the `data` of its success answer. The server registers its route from it and the web calls it through
 * `callApi`, so both infer the same types.
 */
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Zod schema of a success envelope `{ code, msg, data }` around `data`. */
export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number(), msg: z.string(), data });
}

/** Zod schema of a paged list answer (docs/product.md §7). */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ total: z.number(), list: z.array(item), page: z.number(), size: z.number() });
}

export interface EndpointSpec<
  M extends Method,
  P extends string,
  Params extends z.ZodType | undefined,
  Query extends z.ZodType | undefined,
  Body extends z.ZodType | undefined,
  Res extends z.ZodType,
> {
  method: M;
  path: P;
  params?: Params;
  query?: Query;
  body?: Body;
  response: Res;
}

export interface Endpoint<
  M extends Method = Method,
  P extends string = string,
  Params extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Res extends z.ZodType = z.ZodType,
> {
  readonly kind: 'json';
  readonly method: M;
  readonly path: P;
  readonly params: Params;
  readonly query: Query;
  readonly body: Body;
  readonly response: Res;
  /** The route's 200 schema: built once here, so a route can be checked to use exactly this one. */
  readonly envelope: ReturnType<typeof envelopeOf<Res>>;
}

export type AnyEndpoint = Endpoint<
  Method,
  string,
  z.ZodType | undefined,
  z.ZodType | undefined,
  z.ZodType | undefined,
  z.ZodType
>;

export function endpoint<
  M extends Method,
  P extends string,
  Res extends z.ZodType,
  Params extends z.ZodType | undefined = undefined,
  Query extends z.ZodType | undefined = undefined,
  Body extends z.ZodType | undefined = undefined,
>(spec: EndpointSpec<M, P, Params, Query, Body, Res>): Endpoint<M, P, Params, Query, Body, Res> {
  return {
    kind: 'json',
    method: spec.method,
    path: spec.path,
    params: spec.params as Params,
    query: spec.query as Query,
    body: spec.body as Body,
    response: spec.response,
    envelope: envelopeOf(spec.response),
  };
}

/**
 * A call whose success answer is a file (XLSX, PDF, an upload's bytes), not an envelope: only its request is
 * declared. Failures still answer the JSON envelope. apps/server/test/contract.test.ts lists each with its reason.
 */
export interface Download<
  M extends Method = Method,
  P extends string = string,
  Params extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
> {
  readonly kind: 'file';
  readonly method: M;
  readonly path: P;
  readonly params: Params;
  readonly query: Query;
  readonly body: Body;
}

export function download<
  M extends Method,
  P extends string,
  Params extends z.ZodType | undefined = undefined,
  Query extends z.ZodType | undefined = undefined,
  Body extends z.ZodType | undefined = undefined,
>(spec: { method: M; path: P; params?: Params; query?: Query; body?: Body }): Download<M, P, Params, Query, Body> {
  return {
    kind: 'file',
    method: spec.method,
    path: spec.path,
    params: spec.params as Params,
    query: spec.query as Query,
    body: spec.body as Body,
  };
}

export function isEndpoint(x: unknown): x is AnyEndpoint | Download {
  return (
    typeof x === 'object' &&
    x !== null &&
    'kind' in x &&
    'method' in x &&
    'path' in x &&
    ((x as { kind: unknown }).kind === 'json' || (x as { kind: unknown }).kind === 'file')
  );
}

/** Types the web infers from an endpoint. */
export type ResponseOf<E extends AnyEndpoint> = z.output<E['response']>;
type InputOf<S> = S extends z.ZodType ? z.input<S> : undefined;
export type ParamsOf<E extends { params: unknown }> = InputOf<E['params']>;
export type QueryOf<E extends { query: unknown }> = InputOf<E['query']>;
export type BodyOf<E extends { body: unknown }> = InputOf<E['body']>;
