// A console import on PGlite ends once the in-memory title index holds what it wrote (docs/decisions/0103): until
// then searches answer from the index of the catalogue before the import, never from a SQL ranking that holds the
// one connection.
import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/app.ts';
import { call, type DataOf } from './helpers/answer.ts';
import { runImport } from './helpers/imports.ts';
import { userWithToken } from './helpers/login.ts';
import { readCatalogueVersion } from '../src/modules/standards/catalogue/catalogue-cache.ts';
import { titleIndexStats } from '../src/modules/standards/search/title-index-store.ts';

describe('a console import on pglite and the title index', () => {
  const ctx = useTestApp('pglite');

  it('is done only once the index holds the imported records, and the search finds them from it', async () => {
    const op = await userWithToken(ctx.app, 'operator');
    const rows = Array.from({ length: 40 }, (_, i) => `T/ZSCU ${i + 1}-2026,示例追平索引记录第${i + 1}号,2026-01-01`);
    const { job } = await runImport(ctx.app, op.token, 'catch-up.csv', ['标准编号,标准名称,实施日期', ...rows].join('\n'));
    expect(job).toMatchObject({ status: 'done', inserted: 40 });

    // Read at once: no rebuild had a quiet second to start since the job ended.
    const stats = titleIndexStats(ctx.app.readDb);
    expect(stats.version).toBe(await readCatalogueVersion(ctx.app.db));
    expect(stats.records).toBeGreaterThanOrEqual(40);

    const found = await call<DataOf<'GET /api/portal/standards'>>(
      ctx.app,
      'GET',
      `/api/portal/standards?keyword=${encodeURIComponent('追平索引')}&page=1&size=50`,
    );
    expect(found.data.total).toBe(40);
  });
});
