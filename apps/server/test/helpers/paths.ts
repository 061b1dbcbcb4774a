import crypto from 'node:crypto';
import path from 'node:path';

export const PGLITE_TEMPLATE = path.resolve(import.meta.dirname, '../../../../.tmp/pglite-template.tar');
// One template per checkout, so two checkouts can run their database tests at the same time.
export const PG_TEMPLATE_DB = `zs_test_template_${crypto
  .createHash('sha1')
  .update(path.resolve(import.meta.dirname))
  .digest('hex')
  .slice(0, 8)}`;

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
