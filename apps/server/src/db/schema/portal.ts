import { boolean, date, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Typed view of migrations/0004_portal.sql. List, search and locking queries use raw SQL (repositories). */
const ts = (name: string) => timestamp(name, { withTimezone: true });

export const portalItems = pgTable('portal_items', {
  id: serial('id').primaryKey(),
  section: text('section').notNull(),
  category: text('category'),
  title: text('title').notNull(),
  summary: text('summary'),
  bodyHtml: text('body_html'),
  attrs: jsonb('attrs').$type<Record<string, unknown>>().notNull().default({}),
  cover: text('cover'),
  source: text('source'),
  sourceUrl: text('source_url'),
  publishedAt: ts('published_at').notNull().defaultNow(),
  townCode: text('town_code'),
  status: text('status', { enum: ['published', 'draft'] })
    .notNull()
    .default('published'),
  demo: boolean('demo').notNull().default(false),
  sort: integer('sort').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const sitePages = pgTable('site_pages', {
  slug: text('slug').primaryKey(),
  title: text('title').notNull(),
  bodyHtml: text('body_html').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const files = pgTable('files', {
  id: serial('id').primaryKey(),
  ownerId: integer('owner_id'),
  purpose: text('purpose').notNull().default('attachment'),
  originalName: text('original_name').notNull(),
  mime: text('mime').notNull(),
  size: integer('size').notNull(),
  sha256: text('sha256').notNull(),
  storagePath: text('storage_path').notNull().unique(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const downloadQuota = pgTable(
  'download_quota',
  {
    userId: integer('user_id').notNull(),
    day: date('day').notNull(),
    used: integer('used').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

export const applications = pgTable('applications', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull(),
  kind: text('kind', { enum: ['brand_product', 'service', 'activity', 'gi_product'] }).notNull(),
  refId: integer('ref_id'),
  refTitle: text('ref_title'),
  referenceNo: text('reference_no').notNull().unique(),
  form: jsonb('form').$type<Record<string, unknown>>().notNull().default({}),
  status: text('status', { enum: ['submitted', 'accepted', 'reviewing', 'approved', 'rejected', 'withdrawn'] })
    .notNull()
    .default('submitted'),
  reason: text('reason'),
  dedupeKey: text('dedupe_key').notNull(),
  idempotencyKey: text('idempotency_key'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const applicationEvents = pgTable('application_events', {
  id: serial('id').primaryKey(),
  applicationId: integer('application_id').notNull(),
  status: text('status').notNull(),
  note: text('note'),
  actorId: integer('actor_id'),
  createdAt: ts('created_at').notNull().defaultNow(),
});
