import { bigint, index, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { standards } from './standards.ts';

/**
 * Typed view of migrations/0006_collections.sql. The collections module queries with raw SQL; these
 * definitions document the tables for other modules (the alerts job, account export).
 */
const ts = (name: string) => timestamp(name, { withTimezone: true });

export const collections = pgTable(
  'collections',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'standard' or the slug of a collectable portal section. */
    itemType: text('item_type').notNull(),
    itemId: integer('item_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [unique().on(t.userId, t.itemType, t.itemId), index('collections_item_idx').on(t.itemType, t.itemId)],
);

export const standardFulltext = pgTable('standard_fulltext', {
  id: serial('id').primaryKey(),
  standardId: bigint('standard_id', { mode: 'number' })
    .notNull()
    .unique()
    .references(() => standards.id, { onDelete: 'cascade' }),
  /** Relative to config.filesDir. */
  filePath: text('file_path').notNull(),
  pages: integer('pages').notNull(),
  sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
  sha256: text('sha256').notNull(),
  access: text('access', { enum: ['open', 'restricted'] })
    .notNull()
    .default('restricted'),
  uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const standardMissingReports = pgTable('standard_missing_reports', {
  id: serial('id').primaryKey(),
  standardNo: text('standard_no').notNull(),
  title: text('title').notNull(),
  seenAt: text('seen_at').notNull(),
  contact: text('contact'),
  region: text('region', { enum: ['zhongshan', 'shenzhen'] }).notNull(),
  status: text('status', { enum: ['pending', 'accepted', 'rejected'] })
    .notNull()
    .default('pending'),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  clientIp: text('client_ip'),
  standardId: bigint('standard_id', { mode: 'number' }).references(() => standards.id, { onDelete: 'set null' }),
  handledBy: integer('handled_by').references(() => users.id, { onDelete: 'set null' }),
  handledAt: ts('handled_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});
