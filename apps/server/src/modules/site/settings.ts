import type { z } from 'zod';
import type { BannedWords, PrivacyVersionForm, ReviewLimits, SiteSettings, SiteSettingsForm } from '@zs/shared';
import type { Database } from '../../db/client.ts';
import { sanitizeHtml } from '../../lib/sanitize.ts';
import { changesOf, writeAudit } from '../audit/index.ts';
import { withTransaction, type Query } from '../../db/tx.ts';
import { listActiveContacts, readSettings } from './repository.ts';
import { looksLikeDemoContact } from './demo.ts';

/** Stores one site setting, replacing any earlier value (inside the caller's transaction). */
export const putSetting = (q: Query, key: string, value: string) =>
  q(
    `insert into site_settings (key, value, updated_at) values ($1, $2, now())
     on conflict (key) do update set value = excluded.value, updated_at = now()`,
    [key, value],
  );

/** A site setting stored as JSON; undefined when it is missing or unreadable (the caller's default applies). */
async function jsonSetting(db: Database | Query, key: string): Promise<unknown> {
  const q: Query = typeof db === 'function' ? db : (t, p) => db.query(t, p);
  const [row] = await q<{ value: string }>('select value from site_settings where key = $1', [key]);
  if (!row) return undefined;
  try {
    return JSON.parse(row.value) as unknown;
  } catch {
    return undefined;
  }
}

const LINE_KEYS = ['icpRecord', 'policeRecord', 'policeRecordUrl', 'copyright', 'hotline', 'address'] as const;

/** Current settings as the admin form shows them. */
export async function settingsOf(db: Database): Promise<SiteSettings> {
  const s = await readSettings(db);
  const contacts = await listActiveContacts(db);
  return {
    contacts: contacts.map((c) => ({ realName: c.realName, mobile: c.mobile, email: c.email })),
    ...(Object.fromEntries(LINE_KEYS.map((k) => [k, s[k] || null])) as Record<(typeof LINE_KEYS)[number], string | null>),
  };
}

/**
 * Saves the footer settings. Contacts are replaced in the given order (the first is the operations
 * contact); the public footer reads the table on every page load, so no restart is needed.
 */
export async function saveSettings(db: Database, actorId: number, form: z.output<typeof SiteSettingsForm>) {
  const before = await settingsOf(db);
  await withTransaction(db, async (q) => {
    for (const k of LINE_KEYS) {
      await putSetting(q, k, form[k] ?? '');
    }
    await q('delete from site_contacts');
    let order = 0;
    for (const c of form.contacts) {
      // A seeded demo contact edited once but still carrying a placeholder part stays demo (issue 30), so the
      // health page keeps flagging it and 删除示例 still removes it.
      await q('insert into site_contacts (real_name, mobile, email, role, sort_order, demo) values ($1, $2, $3, $4, $5, $6)', [
        c.realName,
        c.mobile,
        c.email,
        order === 0 ? 'operations' : 'technical',
        order++,
        looksLikeDemoContact(c),
      ]);
    }
    await writeAudit(q, {
      actorId,
      action: 'settings.update',
      targetType: 'settings',
      targetId: null,
      detail: { changes: changesOf(before, form) },
    });
  });
  return settingsOf(db);
}

export async function listPrivacyVersions(db: Database) {
  const rows = await db.query<{ id: number; version: string; title: string; effective_date: string; created_at: string }>(
    'select id, version, title, effective_date::text as effective_date, created_at from privacy_versions order by effective_date desc, id desc',
  );
  const current = rows.find((r) => r.effective_date <= new Date().toISOString().slice(0, 10));
  return rows.map((r) => ({
    id: r.id,
    version: r.version,
    title: r.title,
    effectiveDate: r.effective_date,
    createdAt: new Date(r.created_at).toISOString(),
    current: r.id === current?.id,
  }));
}

export async function addPrivacyVersion(db: Database, actorId: number, form: z.output<typeof PrivacyVersionForm>) {
  await withTransaction(db, async (q) => {
    const [row] = await q<{ id: number }>(
      'insert into privacy_versions (version, title, body_html, effective_date, created_by) values ($1, $2, $3, $4::date, $5) returning id',
      [form.version, form.title, sanitizeHtml(form.bodyHtml), form.effectiveDate, actorId],
    );
    await writeAudit(q, {
      actorId,
      action: 'privacy.version',
      targetType: 'privacy',
      targetId: row!.id,
      detail: { version: form.version, effectiveDate: form.effectiveDate },
    });
  });
  return listPrivacyVersions(db);
}

export const DEFAULT_BANNED_WORDS: BannedWords = [
  { word: '截止目前', hint: '表示“到某时为止”应写“截至目前”' },
  { word: '截止到', hint: '“截止”后不接时间宾语，应写“截至”' },
  { word: '载止', hint: '错别字，应为“截止/截至”' },
  { word: '按装', hint: '错别字，应为“安装”' },
  { word: '既使', hint: '错别字，应为“即使”' },
  { word: '中华人民共和国国务院办公厅厅', hint: '重复字' },
];

export async function bannedWords(db: Database | Query): Promise<BannedWords> {
  const words = await jsonSetting(db, 'bannedWords');
  return words === undefined ? DEFAULT_BANNED_WORDS : (words as BannedWords);
}

export async function saveBannedWords(db: Database, actorId: number, words: BannedWords) {
  await withTransaction(db, async (q) => {
    const before = await bannedWords(q);
    await putSetting(q, 'bannedWords', JSON.stringify(words));
    await writeAudit(q, {
      actorId,
      action: 'settings.banned_words',
      targetType: 'settings',
      targetId: null,
      detail: { before: before.map((w) => w.word), after: words.map((w) => w.word) },
    });
  });
  return words;
}

/** Days a user's report, application or certification may wait (the office's limits; the rules allow 3 months for messages). */
export const DEFAULT_REVIEW_LIMITS: ReviewLimits = { reports: 30, applications: 15, certifications: 7 };

export async function reviewLimits(db: Database | Query): Promise<ReviewLimits> {
  return { ...DEFAULT_REVIEW_LIMITS, ...((await jsonSetting(db, 'reviewLimitDays')) as object | undefined) };
}

/** Admin only (docs/decisions/0055): the limits decide what /admin/health reports as overdue. */
export async function saveReviewLimits(db: Database, actorId: number, limits: ReviewLimits) {
  await withTransaction(db, async (q) => {
    const before = await reviewLimits(q);
    await putSetting(q, 'reviewLimitDays', JSON.stringify(limits));
    await writeAudit(q, {
      actorId,
      action: 'settings.review_limits',
      targetType: 'settings',
      targetId: null,
      detail: { changes: changesOf(before, limits) },
    });
  });
  return reviewLimits(db);
}
