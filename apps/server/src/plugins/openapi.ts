import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { Code, TreeNode } from '@zs/shared';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const PDF = 'application/pdf';
const ATOM = 'application/atom+xml';
const BINARY = { type: 'string', format: 'binary' };
const UPLOADED = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', PDF, DOCX, XLSX, 'application/octet-stream'];

/**
 * What a file download sends on success (packages/shared `download(…)`, whose answer is bytes, not the envelope),
 * by `METHOD url`: a strict client needs the media type to read the body (decisions/0080). A download missing here
 * is documented as `application/octet-stream`; test/openapi-document.test.ts fails on it.
 */
export const DOWNLOAD_TYPES: Record<string, string[]> = {
  'GET /api/portal/standards/export': [XLSX],
  'POST /api/portal/standards/check/xlsx': [XLSX],
  'POST /api/portal/standards/check/document/xlsx': [XLSX],
  'POST /api/portal/standards/check/document/docx': [DOCX],
  'GET /api/user/collections/export': [XLSX],
  'GET /api/admin/consultations/:id/summary.xlsx': [XLSX],
  'GET /api/admin/consultations/:id/summary.docx': [DOCX],
  'GET /api/admin/imports/:id/report': [XLSX],
  'GET /api/portal/standards/:id/fulltext': [PDF],
  'GET /api/portal/standards/:id/fulltext/download': [PDF],
  'GET /api/user/export': ['application/json'],
  // Uploaded files keep the type sniffed at upload (modules/files/sniff.ts): images, PDF and office documents.
  'GET /api/portal/:section/:id/files/:fileId': UPLOADED,
  'GET /api/user/files/:id': UPLOADED,
  'GET /api/content/files/:id/:key': UPLOADED,
  // Public Atom feeds (modules/feeds), with an ETag: a matching If-None-Match answers 304.
  'GET /api/feeds/standards.atom': [ATOM],
  'GET /api/feeds/status.atom': [ATOM],
  'GET /api/feeds/news.atom': [ATOM],
};

/**
 * The failure envelope (docs/product.md §7.4): HTTP 200 with a non-zero `code` and `data: null`, except 500, which
 * is also HTTP 500. Declared once and referenced by every operation, so a generated client knows both shapes.
 */
const ErrorEnvelope = {
  type: 'object',
  description: '失败：code 非 0，data 为 null（除服务器错误 500 外 HTTP 状态均为 200）',
  properties: {
    code: { type: 'integer', enum: Object.values(Code).filter((c) => c !== Code.OK) },
    msg: { type: 'string' },
    data: { type: 'object', nullable: true, enum: [null] },
  },
  required: ['code', 'msg', 'data'],
  additionalProperties: false,
};
const ERROR_REF = { $ref: '#/components/schemas/ErrorEnvelope' };

/**
 * GeoJSON boundaries (modules/datamap) come in the success envelope, serialised once at start, with an ETag: `data`
 * is a GeoJSON FeatureCollection (RFC 7946), and a matching If-None-Match answers 304.
 */
const GEOJSON_ENVELOPE = {
  type: 'object',
  properties: {
    code: { type: 'integer', enum: [Code.OK] },
    msg: { type: 'string' },
    data: {
      type: 'object',
      description: 'GeoJSON FeatureCollection（RFC 7946）',
      properties: {
        type: { type: 'string', enum: ['FeatureCollection'] },
        features: { type: 'array', items: { type: 'object' } },
      },
      required: ['type', 'features'],
    },
  },
  required: ['code', 'msg', 'data'],
  additionalProperties: false,
};

/**
 * Named schemas: a recursive schema (the standard-system tree) can only be written as a `$ref` to a component, which
 * the transform emits only for schemas registered with an id (without it the document pointed at a missing
 * `schema0`). The global registry, as it also carries the contract's `.describe()` texts.
 */
if (!z.globalRegistry.has(TreeNode)) z.globalRegistry.add(TreeNode, { id: 'TreeNode' });

type Json = Record<string, unknown>;
const isEnvelope = (s: unknown): s is Json & { properties: Json } =>
  typeof s === 'object' &&
  s !== null &&
  'properties' in s &&
  typeof (s as Json).properties === 'object' &&
  'code' in ((s as Json).properties as Json);

/**
 * OpenAPI 3.0.3 says `nullable` does not widen `enum`: a nullable enum must list null itself, or strict validators
 * (and generated clients) refuse the null the API sends (e.g. a standard's `nature`).
 */
function nullableEnums<T>(node: T): T {
  if (Array.isArray(node)) return node.map(nullableEnums) as T;
  if (typeof node !== 'object' || node === null) return node;
  const out = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, nullableEnums(v)])) as Json;
  if (out.nullable === true && Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
  return out as T;
}

/** Each operation answers its success envelope (code 0) or the failure envelope, or its declared file types. */
function withAnswers(responses: Json | undefined, key: string): Json {
  const out: Json = { ...responses };
  const success = out[200];
  if (isEnvelope(success)) {
    const ok = { ...success, properties: { ...success.properties, code: { type: 'integer', enum: [Code.OK] } } };
    out[200] = {
      description: '成功（code 为 0）或失败（code 非 0，data 为 null）',
      content: { 'application/json': { schema: { oneOf: [ok, ERROR_REF] } } },
    };
  } else if (key === 'GET /api/portal/geo/:name') {
    out[200] = {
      description: 'GeoJSON 边界（在成功信封的 data 中）或失败信封',
      content: { 'application/json': { schema: { oneOf: [GEOJSON_ENVELOPE, ERROR_REF] } } },
    };
    out[304] = { type: 'null', description: '未修改（If-None-Match 与 ETag 相同），无正文' };
  } else if (success === undefined) {
    const types = DOWNLOAD_TYPES[key] ?? ['application/octet-stream'];
    const content: Json = Object.fromEntries(types.map((t) => [t, { schema: BINARY }]));
    // A refused download (not logged in, not found) answers the failure envelope with HTTP 200 like any call. The
    // personal data export is itself a JSON object, so there either may come: anyOf, as a failure matches both.
    content['application/json'] = {
      schema: types.includes('application/json') ? { anyOf: [{ type: 'object' }, ERROR_REF] } : ERROR_REF,
    };
    out[200] = { description: '文件（见媒体类型）或失败信封', content };
    if (types.includes(ATOM)) out[304] = { type: 'null', description: '未修改（If-None-Match 与 ETag 相同），无正文' };
  }
  out[500] ??= { description: '服务器错误（code 500，HTTP 500）', content: { 'application/json': { schema: ERROR_REF } } };
  return out;
}

const transformSchema = createJsonSchemaTransform({});
const transformObject = createJsonSchemaTransformObject({});

/** OpenAPI description of every route at /api/docs (docs/product.md §7), valid for strict validators (decisions/0080). */
export default fp(
  async function openapi(app: FastifyInstance) {
    await app.register(swagger, {
      openapi: {
        info: {
          title: '中山市标准信息公共服务平台 API',
          version: '1.0.0',
          description: '所有接口返回 { code, msg, data } 信封，code 0 为成功。',
        },
        components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } } },
      },
      transform: (doc) => {
        const { schema, url } = transformSchema(doc);
        if (!schema || (schema as Json).hide) return { schema, url };
        const key = `${String(doc.route.method)} ${url}`;
        const { produces: _produces, ...rest } = schema as Json;
        const response = withAnswers((schema as Json).response as Json | undefined, key);
        return { schema: nullableEnums({ ...rest, response }), url };
      },
      transformObject: (doc) => {
        const out = transformObject(doc);
        const components = (out as { components?: { schemas?: Json } }).components ?? {};
        const schemas = { ...nullableEnums(components.schemas ?? {}), ErrorEnvelope };
        return { ...out, components: { ...components, schemas } } as typeof out;
      },
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  },
  { name: 'openapi' },
);
