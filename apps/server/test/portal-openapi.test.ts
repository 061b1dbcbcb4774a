import { describe, expect, it } from 'vitest';
import { engines } from './helpers/db.ts';
import { useTestApp } from './helpers/app.ts';

describe.each(engines)('portal OpenAPI on %s', (engine) => {
  const ctx = useTestApp(engine);

  it('documents every portal, files, applications and data-map endpoint', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const p of [
      '/api/portal/sections',
      '/api/portal/{section}',
      '/api/portal/{section}/{id}',
      '/api/portal/{section}/{id}/files/{fileId}',
      '/api/portal/standard-system/tree',
      '/api/portal/pages/{slug}',
      '/api/portal/datamap',
      '/api/portal/datamap/{indicator}',
      '/api/portal/geo/{name}',
      '/api/user/files',
      '/api/user/files/{id}',
      '/api/user/applications',
      '/api/user/applications/{id}',
      '/api/user/applications/{id}/withdraw',
      '/api/user/applications/brand-product',
      '/api/user/applications/service',
      '/api/user/activities/{id}/signup',
    ]) {
      expect(paths, p).toContain(p);
    }
    const list = res.json().paths['/api/portal/{section}'].get;
    expect(list.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['keyword', 'category', 'town', 'page', 'size', 'kind']),
    );
  });
});
