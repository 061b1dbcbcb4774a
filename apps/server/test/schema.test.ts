import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, engines, type Engine, type TestDb } from './helpers/db.ts';

/**
 * The SQL migrations are the only definition of the schema. This test reads the live database
 * (information_schema) after migrating and checks it against what the code's SQL expects: every
 * table it reads or writes exists, and every column it inserts or updates exists in that table.
 */
const SRC = path.resolve(import.meta.dirname, '../src');

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => path.join(e.parentPath, e.name));
}

/** String and template literals that look like SQL statements. */
function sqlStrings(code: string): string[] {
  const out: string[] = [];
  for (const m of code.matchAll(/`([^`]*)`|'([^'\n]*)'/g)) {
    const text = (m[1] ?? m[2] ?? '').replace(/\$\{[^}]*\}/g, ' interpolated ');
    if (
      /^\s*(select|insert|update|delete|with|create|alter|truncate)\b/i.test(text) &&
      /\b(from|into|update|table)\b/i.test(text)
    )
      out.push(text);
  }
  return out;
}

interface Expectation {
  tables: Map<string, Set<string>>;
  where: Map<string, string>;
}

function expectations(): Expectation {
  const tables = new Map<string, Set<string>>();
  const where = new Map<string, string>();
  const need = (name: string, file: string, cols: string[] = []) => {
    const table = name.toLowerCase();
    // Placeholders of interpolated names, `on conflict … do update set`, `for update of t`, `for update skip
    // locked`, catalogue views.
    if (/^(pg_|information_schema$|lateral$|only$|interpolated$|set$|of$|skip$|nowait$)/.test(table)) return;
    const set = tables.get(table) ?? new Set<string>();
    for (const c of cols) if (c !== 'interpolated') set.add(c);
    tables.set(table, set);
    if (!where.has(table)) where.set(table, path.relative(SRC, file));
  };
  for (const file of sourceFiles(SRC)) {
    for (const text of sqlStrings(fs.readFileSync(file, 'utf8'))) {
      // SQL comments are prose ("a join to i …"), not table names.
      const sql = text.replace(/--[^\n]*/g, '');
      const ctes = new Set(
        [...sql.matchAll(/(?:\bwith(?:\s+recursive)?|,)\s+(\w+)\s*(?:\([^)]*\))?\s+as\s*\(/gi)].map((m) => m[1]!.toLowerCase()),
      );
      for (const m of sql.matchAll(/\binsert\s+into\s+(\w+)\s*\(([^)]*)\)/gi)) {
        need(
          m[1]!,
          file,
          m[2]!
            .split(',')
            .map((c) => c.trim().replace(/"/g, ''))
            .filter((c) => /^\w+$/.test(c)),
        );
      }
      for (const m of sql.matchAll(/\bupdate\s+(\w+)\s+(?:\w+\s+)?set\s+([\s\S]*?)(?:\bwhere\b|\breturning\b|\bfrom\b|$)/gi)) {
        const cols = [...m[2]!.matchAll(/(?:^|,)\s*(\w+)\s*=/g)].map((c) => c[1]!);
        need(m[1]!, file, cols);
      }
      for (const m of sql.matchAll(/\b(?:from|join|into|update|truncate)\s+(\w+)\b(?!\s*[.(])/gi)) {
        if (!ctes.has(m[1]!.toLowerCase())) need(m[1]!, file);
      }
    }
  }
  return { tables, where };
}

async function liveColumns(testDb: TestDb) {
  const rows = await testDb.db.query<{ t: string; c: string; type: string; nullable: string }>(
    `select table_name as t, column_name as c, data_type as type, is_nullable as nullable
       from information_schema.columns where table_schema = 'public' order by table_name, ordinal_position`,
  );
  return rows;
}

const live = new Map<Engine, Awaited<ReturnType<typeof liveColumns>>>();

describe.each(engines)('schema on %s', (engine) => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await createTestDb(engine);
    live.set(engine, await liveColumns(testDb));
  });
  afterAll(async () => testDb?.drop());

  it('has every table and column that the SQL in the code names', () => {
    const columns = new Map<string, Set<string>>();
    for (const r of live.get(engine)!) columns.set(r.t, (columns.get(r.t) ?? new Set()).add(r.c));
    const { tables, where } = expectations();
    expect(tables.size).toBeGreaterThan(20);
    const missing: string[] = [];
    for (const [table, cols] of tables) {
      const have = columns.get(table);
      if (!have) missing.push(`table ${table} (${where.get(table)})`);
      else for (const c of cols) if (!have.has(c)) missing.push(`column ${table}.${c} (${where.get(table)})`);
    }
    expect(missing).toEqual([]);
  });
});

describe.runIf(engines.length > 1)('schema on both engines', () => {
  it('is the same on PGlite and PostgreSQL (same migrations, same tables, columns and types)', () => {
    expect(live.get('postgres')).toEqual(live.get('pglite'));
  });
});
