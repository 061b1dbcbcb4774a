import type * as contract from '../index.ts';
import type { AnyEndpoint, Download } from './endpoint.ts';

/**
 * Every declared call by its route key, `"METHOD /api/path"`, as types only (decisions/0042). The web calls
 * `callApi('GET /api/user/messages', …)` and gets the endpoint's request and answer types without loading a
 * single zod schema at run time, so public pages keep their JS budget (decisions/0008).
 */
type Declared = Extract<(typeof contract)[keyof typeof contract], { kind: 'json' | 'file' }>;
type KeyOf<E> = E extends AnyEndpoint | Download ? `${E['method']} ${E['path']}` : never;
type Match<E, K> = E extends AnyEndpoint | Download ? (`${E['method']} ${E['path']}` extends K ? E : never) : never;

/** A JSON call's route key. */
export type ApiRoute = KeyOf<Extract<Declared, { kind: 'json' }>>;
/** A file download's route key. */
export type FileRoute = KeyOf<Extract<Declared, { kind: 'file' }>>;
/** The endpoint declared at a route key. */
export type EndpointAt<K extends ApiRoute | FileRoute> = Match<Declared, K>;
