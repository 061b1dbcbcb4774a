import type { Database, Query } from '../../db/client.ts';

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

/** Labelled 示例 contacts still on the site. */
export async function countDemoContacts(db: Database): Promise<number> {
  const [r] = await db.query<{ n: number }>('select count(*)::int as n from site_contacts where demo');
  return r!.n;
}

/** Deletes the labelled 示例 contacts (real ones stay); through `q` inside the caller's transaction. */
export async function deleteDemoContacts(db: Database | Query): Promise<void> {
  const q: Query = typeof db === 'function' ? db : (t, p) => db.query(t, p);
  await q('delete from site_contacts where demo');
}

/** One site setting's stored text, or null when it is not set; through `db` or the caller's transaction. */
export async function settingValue(db: Database | Query, key: string): Promise<string | null> {
  const q: Query = typeof db === 'function' ? db : (t, p) => db.query(t, p);
  const rows = await q<{ value: string }>('select value from site_settings where key = $1', [key]);
  return rows[0]?.value ?? null;
}

/** The privacy policy version in force (the latest whose effective date has come), or null. */
export async function currentPrivacyVersion(
  db: Database,
): Promise<{ version: string; title: string; body_html: string; effective_date: string } | null> {
  const [v] = await db.query<{ version: string; title: string; body_html: string; effective_date: string }>(
    `select version, title, body_html, effective_date::text as effective_date from privacy_versions
      where effective_date <= current_date order by effective_date desc, id desc limit 1`,
  );
  return v ?? null;
}
