import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

/**
 * Every answer a server test sees checked against the published OpenAPI document (decisions/0080): an onSend hook
 * finds the operation by the matched route, takes the response declared for the HTTP status and checks the body (JSON)
 * or the media type (files). Mismatches are collected, not thrown, so the answer the test reads is unchanged;
 * `useTestApp` fails the file in afterAll when any were seen.
 */
export interface AnswerCheck {
  mismatches: string[];
  checked: number;
}

type Json = Record<string, unknown>;
type Responses = Record<string, { content?: Record<string, { schema?: unknown }> }>;

const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

export function checkAnswersAgainstOpenApi(app: FastifyInstance): AnswerCheck {
  const check: AnswerCheck = { mismatches: [], checked: 0 };
  let doc: { paths: Record<string, Record<string, { responses: Responses }>> } | undefined;
  let ajv: Ajv | undefined;
  const validators = new Map<string, ValidateFunction>();

  const validator = (path: string, method: string, status: string): ValidateFunction => {
    const ref = `openapi.json#/${pointer('paths', path, method, 'responses', status, 'content', 'application/json', 'schema')}`;
    let v = validators.get(ref);
    if (!v) {
      v = ajv!.compile({ $ref: ref });
      validators.set(ref, v);
    }
    return v;
  };

  app.addHook('onSend', async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const route = req.routeOptions.url;
    if (!route || req.method === 'HEAD') return payload;
    if (!doc) {
      doc = app.swagger() as unknown as typeof doc & Json;
      ajv = new Ajv({ strict: false, allErrors: false });
      addFormats(ajv);
      ajv.addSchema(doc as Json, 'openapi.json');
    }
    const path = route.replace(/:(\w+)/g, '{$1}');
    const method = req.method.toLowerCase();
    const op = doc!.paths[path]?.[method];
    if (!op) return payload; // not an API operation (web pages, sitemap, the docs themselves)
    check.checked++;
    const where = `${req.method} ${req.url} → ${reply.statusCode}`;
    const status = String(reply.statusCode);
    const declared = op.responses[status] ?? op.responses.default;
    if (!declared) {
      check.mismatches.push(`${where}: status not declared`);
      return payload;
    }
    if (!declared.content) {
      // Declared without a body (304 Not Modified): none may come.
      if (payload !== undefined && payload !== null && payload !== '')
        check.mismatches.push(`${where}: a body where none is declared`);
      return payload;
    }
    const type = String(reply.getHeader('content-type') ?? '')
      .replace(/;.*$/, '')
      .trim();
    const content = declared.content ?? {};
    if (!(type in content)) {
      check.mismatches.push(`${where}: media type ${type || '(none)'} not declared (${Object.keys(content).join(', ')})`);
      return payload;
    }
    if (type !== 'application/json' || typeof payload !== 'string') return payload;
    let body: unknown;
    try {
      body = JSON.parse(payload);
    } catch {
      check.mismatches.push(`${where}: not JSON`);
      return payload;
    }
    const v = validator(path, method, op.responses[status] ? status : 'default');
    if (!v(body)) {
      check.mismatches.push(`${where}: ${ajv!.errorsText(v.errors)} — ${payload.slice(0, 300)}`);
    }
    return payload;
  });
  return check;
}
