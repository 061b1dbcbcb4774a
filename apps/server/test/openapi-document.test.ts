import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import openapiTS, { astToString } from 'openapi-typescript';
import { useTestApp } from './helpers/app.ts';

/**
 * decisions/0080: the document at /api/docs/json is valid OpenAPI for a strict validator, declares the failure
 * envelope and the file types on every operation, and generates a client that type-checks. (That every answer the
 * server tests see matches it is checked by helpers/openapi-answers.ts in every file using useTestApp.)
 */
type Op = { responses: Record<string, { content?: Record<string, { schema?: Record<string, unknown> }> }> };
type Doc = { openapi: string; paths: Record<string, Record<string, Op>> };

const ERROR_REF = '#/components/schemas/ErrorEnvelope';
const refsError = (schema: unknown) => JSON.stringify(schema ?? null).includes(`"${ERROR_REF}"`);
const ROOT = path.resolve(import.meta.dirname, '../../..');

describe('OpenAPI document', () => {
  const ctx = useTestApp('pglite');
  let doc: Doc;
  const load = async () => {
    if (!doc) {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(res.statusCode).toBe(200);
      doc = res.json() as Doc;
    }
    return doc;
  };
  const operations = async () =>
    Object.entries((await load()).paths).flatMap(([p, ops]) =>
      Object.entries(ops).map(([m, op]) => ({ key: `${m.toUpperCase()} ${p}`, op })),
    );

  it('validates against the OpenAPI 3.0 schema, every $ref resolving', async () => {
    const result = await new Validator().validate(structuredClone(await load()));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(JSON.stringify(doc)).not.toContain('schema0');
  });

  it('declares the failure envelope (HTTP 200, code ≠ 0, data null) and the HTTP 500 answer on every operation', async () => {
    const ops = await operations();
    expect(ops.length).toBeGreaterThan(100);
    const missing = ops.filter(
      ({ op }) =>
        !refsError(op.responses[200]?.content?.['application/json']?.schema) ||
        !refsError(op.responses[500]?.content?.['application/json']?.schema),
    );
    expect(missing.map((o) => o.key)).toEqual([]);
  });

  it('names the media type of every download', async () => {
    const files = (await operations()).filter(({ op }) =>
      Object.keys(op.responses[200]?.content ?? {}).some((t) => t !== 'application/json'),
    );
    const byKey = Object.fromEntries(files.map(({ key, op }) => [key, Object.keys(op.responses[200]?.content ?? {})]));
    const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    expect(byKey['GET /api/portal/standards/export']).toContain(XLSX);
    expect(byKey['GET /api/admin/imports/{id}/report']).toContain(XLSX);
    expect(byKey['POST /api/portal/standards/check/document/docx']).toContain(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(byKey['GET /api/portal/standards/{id}/fulltext/download']).toContain('application/pdf');
    // GeoJSON boundaries come inside the success envelope, with an ETag.
    const geo = (await load()).paths['/api/portal/geo/{name}']?.get;
    expect(JSON.stringify(geo?.responses[200])).toContain('FeatureCollection');
    expect(geo?.responses[304]).toBeDefined();
    // Only uploaded files, whose type is whatever was uploaded, may also fall back to octet-stream.
    const vague = files.filter(({ op }) =>
      Object.keys(op.responses[200]?.content ?? {}).every((t) => ['application/json', 'application/octet-stream'].includes(t)),
    );
    expect(vague.map((f) => f.key)).toEqual([]);
  });

  it('generates a TypeScript client whose success and failure answers narrow on code', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zs-openapi-client-'));
    try {
      fs.writeFileSync(path.join(dir, 'api.ts'), astToString(await openapiTS(structuredClone(await load()) as never)));
      fs.writeFileSync(
        path.join(dir, 'client.ts'),
        `import type { paths } from './api';
type Tree = paths['/api/portal/standard-system/tree']['get']['responses'][200]['content']['application/json'];
export async function treeNames(base: string): Promise<string[]> {
  const body = (await (await fetch(base + '/api/portal/standard-system/tree')).json()) as Tree;
  // @ts-expect-error a failure answer has data null, so data is usable only after checking code
  body.data.map((n) => n.name);
  if (body.code !== 0) {
    const nothing: null = body.data;
    throw new Error(body.msg + String(nothing));
  }
  return body.data.flatMap((n) => [n.name, ...n.children.map((c) => c.name)]);
}
`,
      );
      fs.writeFileSync(
        path.join(dir, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: {
            strict: true,
            noEmit: true,
            target: 'es2022',
            module: 'esnext',
            moduleResolution: 'bundler',
            lib: ['es2022', 'dom'],
            skipLibCheck: true,
          },
          files: ['client.ts'],
        }),
      );
      const tsc = spawnSync(
        process.execPath,
        [path.join(ROOT, 'node_modules/typescript-7/bin/tsc'), '-p', dir, '--pretty', 'false'],
        { encoding: 'utf8' },
      );
      expect(tsc.stdout + tsc.stderr).toBe('');
      expect(tsc.status).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
