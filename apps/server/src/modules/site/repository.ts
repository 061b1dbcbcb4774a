import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { siteContacts, siteSettings } from '../../db/schema.ts';

export async function listActiveContacts(db: Database) {
  // Operations contacts sort first so the first card is the operations one (spec §1).
  const rows = await db.orm
    .select()
    .from(siteContacts)
    .where(eq(siteContacts.active, true))
    .orderBy(asc(siteContacts.role), asc(siteContacts.sortOrder), asc(siteContacts.id));
  return rows;
}

export async function readSettings(db: Database): Promise<Record<string, string>> {
  const rows = await db.orm.select().from(siteSettings);
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}
