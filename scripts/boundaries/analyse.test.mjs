// The boundaries check on the real tree, and on files planted over it: each rule must be able to fail.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyse } from './analyse.mjs';
import { docProblems } from './doc.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const plant = (files) => analyse(root, new Map(Object.entries(files)));
const mentions = (result, text) => result.problems.filter((p) => p.includes(text));

describe('boundaries check', () => {
  it('passes on the tree as it is, and the architecture document agrees with it', () => {
    const result = analyse(root);
    expect(result.problems).toEqual([]);
    expect(docProblems(root, result)).toEqual([]);
    expect(result.floors).toBeLessThanOrEqual(6);
  });

  it('fails on a module writing another module’s table', () => {
    const result = plant({
      'apps/server/src/modules/collections/planted.ts':
        "export const f = (db) => db.query('update standards set status = $1 where id = $2', ['abolished', 1]);\n",
    });
    expect(mentions(result, 'collections writes table standards of standards')).toHaveLength(1);
  });

  it('fails on a module reading another module’s table, but not on the owner’s own SQL or on prose', () => {
    const result = plant({
      'apps/server/src/modules/datamap/planted.ts':
        "export const f = (db) => db.query('select count(*) from users u join files f on true');\n",
      'apps/server/src/modules/auth/planted.ts':
        "// select * from standards is only prose here\nexport const g = (db) => db.query('select id from users');\n",
    });
    expect(mentions(result, 'datamap reads table users of auth')).toHaveLength(1);
    expect(mentions(result, 'datamap reads table files of files')).toHaveLength(1);
    expect(mentions(result, 'apps/server/src/modules/auth/planted.ts')).toEqual([]);
  });

  it('fails on an import that runs back up a floor', () => {
    const result = plant({
      'apps/server/src/lib/planted.ts': "import { seeders } from '../modules/index.ts';\nexport { seeders };\n",
    });
    expect(mentions(result, 'arrow back up: lib (floor 1) imports modules (floor 4)')).toHaveLength(1);
  });

  it('fails on an import of a module’s inside from outside it, from any folder', () => {
    const result = plant({
      'apps/server/src/plugins/planted.ts':
        "import { startTitleIndex } from '../modules/standards/search/title-index-store.ts';\nexport { startTitleIndex };\n",
      'bench/planted.ts': "import { issueToken } from '../apps/server/src/modules/auth/tokens.ts';\nexport { issueToken };\n",
    });
    expect(mentions(result, 'apps/server/src/plugins/planted.ts reaches inside module "standards"')).toHaveLength(1);
    expect(mentions(result, 'bench/planted.ts reaches inside module "auth"')).toHaveLength(1);
    expect(mentions(result, 'arrow back up: plugins (floor 3) imports modules (floor 4)')).toHaveLength(1);
  });

  it('fails on a table claimed twice, and on a document that no longer matches the code', () => {
    const result = plant({ 'apps/server/src/modules/datamap/planted.ts': '// owns tables: standards\nexport const x = 1;\n' });
    expect(mentions(result, 'table standards has two owners')).toHaveLength(1);
    // A new arrow between modules changes the generated table of modules: the document must follow.
    const moved = plant({
      'apps/server/src/modules/datamap/planted.ts': "import { sendFile } from '../files/index.ts';\nexport { sendFile };\n",
    });
    expect(docProblems(root, moved)).toEqual([
      `docs/architecture.md disagrees with the code: run npm run lint:boundaries -- --write`,
    ]);
  });
});
