import path from 'node:path';

export const PGLITE_TEMPLATE = path.resolve(import.meta.dirname, '../../../../.tmp/pglite-template.tar');
export const PG_TEMPLATE_DB = 'zs_test_template';

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
