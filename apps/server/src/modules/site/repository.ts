import type { Database } from '../../db/client.ts';

export interface ContactRow {
  realName: string;
  mobile: string;
  email: string | null;
  demo: boolean;
}

/** Footer contacts, operations first (docs/product.md §1.4); runs on every page view (bench/foundation.ts). */
export async function listActiveContacts(db: Database): Promise<ContactRow[]> {
  return db.query<ContactRow>(
    `select real_name as "realName", mobile, email, demo from site_contacts
      where active order by role = 'operations' desc, sort_order, id`,
  );
}

export async function readSettings(db: Database): Promise<Record<string, string>> {
  const rows = await db.query<{ key: string; value: string }>('select key, value from site_settings');
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}
