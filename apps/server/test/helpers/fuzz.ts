import type { InjectOptions } from 'fastify';

/**
 * Request generator for the schema-driven fuzz test: every case is derived from one operation of
 * the OpenAPI document, so a new route is fuzzed without editing the test. Deterministic for a seed.
 */

/** mulberry32: small, fast, reproducible. */
export function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!;
  return { next, int, pick, chance: (p: number) => next() < p };
}
export type Rng = ReturnType<typeof rng>;

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}
interface Parameter {
  in: string;
  name: string;
  schema?: JsonSchema;
}
export interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body?: JsonSchema;
  bodyTypes: string[];
}

/** Every operation under /api of the document, documentation pages excluded. */
export function operationsOf(doc: {
  paths: Record<
    string,
    Record<string, { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>
  >;
}): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    if (!path.startsWith('/api/') || path.startsWith('/api/docs')) continue;
    for (const [method, op] of Object.entries(methods)) {
      const content = op.requestBody?.content ?? {};
      const first = Object.values(content)[0];
      ops.push({
        method: method.toUpperCase(),
        path,
        parameters: op.parameters ?? [],
        body: first?.schema,
        bodyTypes: Object.keys(content),
      });
    }
  }
  return ops;
}

const HUGE = 'x'.repeat(100_000);
/** Strings an attacker would try: NUL, lone surrogates, bidi, SQL, HTML, huge, traversal, wildcards. */
export const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfff',
  '\u202efdp.exe',
  '𠮷😀',
  "'; drop table users; --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%',
  '_%\\',
  '0000-01-01',
  '2024-02-30',
  '9999-12-31T23:59:59Z',
  '-1',
  '0',
  '2147483648',
  '99999999999999999999',
  '1e309',
  'NaN',
  'true',
  'null',
  '__proto__',
  'constructor',
  '中'.repeat(3000),
  HUGE,
];
const UNSTORABLE = ['\u0000', 'a\u0000', '\ud800', 'x\udc00y', '\ud83d', '中\u0000山'];
const HOSTILE_VALUES: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  2_147_483_648,
  Number.MAX_SAFE_INTEGER,
  -1e308,
  1e308,
  [],
  {},
  [null],
  { __proto__: { admin: true } },
  JSON.parse('{"__proto__":{"polluted":1}}'),
  { constructor: { prototype: { polluted: 1 } } },
  [[[[[[[[[[['deep']]]]]]]]]]],
];
/** Path segments, some of which Fastify itself refuses (undecodable, over-long). */
const HOSTILE_SEGMENTS = [
  '0',
  '-1',
  '2147483648',
  '99999999999999999999',
  '1.5',
  'abc',
  '%00',
  '%ED%A0%80',
  '%E0%A4%A',
  '%25',
  '%2e%2e%2f',
  encodeURIComponent('中山'),
  '1'.repeat(150),
  '__proto__',
];

function valueFor(r: Rng, s: JsonSchema | undefined, ids: readonly number[], depth = 0): unknown {
  if (!s || depth > 4 || r.chance(0.35)) {
    // Characters PostgreSQL cannot store get a fixed share: they were the last cause of 5xx answers.
    if (r.chance(0.3)) return r.pick(UNSTORABLE);
    return r.chance(0.6) ? r.pick(HOSTILE_STRINGS) : r.pick(HOSTILE_VALUES);
  }
  const alt = s.anyOf ?? s.oneOf;
  if (alt?.length) return valueFor(r, r.pick(alt), ids, depth + 1);
  if (s.enum?.length) return r.pick(s.enum);
  const type = Array.isArray(s.type) ? r.pick(s.type) : s.type;
  switch (type) {
    case 'integer':
    case 'number':
      return r.chance(0.6)
        ? r.pick(ids)
        : Math.floor((s.minimum ?? 0) + r.next() * Math.min(1e6, (s.maximum ?? 1e6) - (s.minimum ?? 0)));
    case 'boolean':
      return r.chance(0.5);
    case 'array':
      return Array.from({ length: r.int(4) }, () => valueFor(r, s.items, ids, depth + 1));
    case 'object':
      return objectFor(r, s, ids, depth + 1);
    case 'string': {
      const len = Math.max(s.minLength ?? 1, Math.min(s.maxLength ?? 20, 1 + r.int(20)));
      return r.pick(['示例', 'Ab1!', '13800138000', 'GB/T 1-2020', '2024-01-01', 'a']).repeat(len).slice(0, len);
    }
    default:
      return r.pick(HOSTILE_STRINGS);
  }
}

function objectFor(r: Rng, s: JsonSchema | undefined, ids: readonly number[], depth = 0): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, p] of Object.entries(s?.properties ?? {})) if (r.chance(0.85)) out[k] = valueFor(r, p, ids, depth);
  if (r.chance(0.1)) Object.assign(out, JSON.parse('{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}'));
  return out;
}

const RAW_BODIES = [
  '',
  '{',
  '{"a":',
  'null',
  '[]',
  '"str"',
  '123',
  '{"a":"\\u0000"}',
  '{"a":"\\ud800"}',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"admin":true}}}',
  '\u0000',
  '['.repeat(5000),
  `{"x":"${'y'.repeat(2_000_000)}"}`,
];
const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=zzfuzz',
  'text/plain',
  'application/xml',
  'application/octet-stream',
  'application/json; charset=latin1',
  undefined,
];

/** encodeURIComponent that keeps a lone surrogate as the (invalid) UTF-8 bytes an attacker would send. */
function enc(v: unknown): string {
  const s = typeof v === 'string' ? v : (JSON.stringify(v) ?? '');
  return s
    .split(/([\ud800-\udfff])/)
    .map((part) => (/^[\ud800-\udfff]$/.test(part) ? '%ED%A0%80' : encodeURIComponent(part)))
    .join('');
}

function formEncode(o: unknown): string {
  if (o === null || typeof o !== 'object') return `v=${enc(String(o))}`;
  return Object.entries(o as Record<string, unknown>)
    .map(([k, v]) => `${enc(k)}=${enc(v)}`)
    .join('&');
}

function multipartOf(r: Rng, o: Record<string, unknown>): string {
  const parts = Object.entries(o).map(
    ([k, v]) =>
      `--zzfuzz\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${typeof v === 'string' ? v : JSON.stringify(v)}\r\n`,
  );
  if (r.chance(0.6)) {
    const name = r.pick(['a.pdf', 'x\u202efdp.exe', '../../evil.png', '中文.png', 'a"b.png']);
    const content = r.pick(['%PDF-1.4\n%%EOF\n', '\x89PNG\r\n\x1a\n0000', '<html><script>alert(1)</script>', '']);
    parts.push(
      `--zzfuzz\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n${content}\r\n`,
    );
  }
  return `${parts.join('')}${r.chance(0.8) ? '--zzfuzz--\r\n' : ''}`;
}

/** One request for the operation: path, query and body drawn from its schema, hostile values mixed in. */
export function requestFor(r: Rng, op: Operation, ids: readonly number[]): InjectOptions {
  let url = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const p = op.parameters.find((x) => x.in === 'path' && x.name === name);
    if (p?.schema?.enum?.length && r.chance(0.7)) return encodeURIComponent(String(r.pick(p.schema.enum)));
    return r.chance(0.5) ? String(r.pick(ids)) : r.pick(HOSTILE_SEGMENTS);
  });
  const query: string[] = [];
  for (const p of op.parameters.filter((x) => x.in === 'query')) {
    if (!r.chance(0.6)) continue;
    const v = valueFor(r, p.schema, ids);
    query.push(`${enc(p.name)}=${enc(v)}`);
    if (r.chance(0.05)) query.push(`${enc(p.name)}=1`); // the same key twice: an array
  }
  if (r.chance(0.1))
    query.push(r.pick(['__proto__[admin]=1', 'constructor[prototype][x]=1', 'page=-1', 'size=100000', 'page=1e9', 'x=%00']));
  if (query.length) url += `?${query.join('&')}`;

  const headers: Record<string, string> = {};
  if (r.chance(0.1)) headers['idempotency-key'] = r.pick(['fuzz-key-000001', 'bad key', '\u00e9'.repeat(10), 'k'.repeat(200)]);
  const opts: InjectOptions = { method: op.method as InjectOptions['method'], url, headers };
  if (op.method === 'GET' || op.method === 'DELETE') return opts;

  const type = op.bodyTypes[0] && r.chance(0.6) ? op.bodyTypes[0] : r.pick(CONTENT_TYPES);
  if (type) headers['content-type'] = type;
  if (r.chance(0.2)) {
    opts.payload = r.pick(RAW_BODIES);
    return opts;
  }
  let body: unknown = op.body ? objectFor(r, op.body, ids) : r.pick([...HOSTILE_VALUES, {}]);
  if (r.chance(0.15)) body = { data: body }; // the spec client's wrapper
  if (type?.startsWith('multipart/')) opts.payload = multipartOf(r, (body ?? {}) as Record<string, unknown>);
  else if (type === 'application/x-www-form-urlencoded') opts.payload = formEncode(body);
  else opts.payload = JSON.stringify(body) ?? '';
  return opts;
}
