import { bigint, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * Typed view of migrations/0005_usercentre.sql. Queries use raw SQL (repositories); the
 * `dispatched_at` column that 0005 adds to standard_status_history is only read by the alerts job.
 */
const ts = (name: string) => timestamp(name, { withTimezone: true });

export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['review', 'certification', 'standard_status', 'activity', 'system'] }).notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link'),
    refType: text('ref_type'),
    refId: bigint('ref_id', { mode: 'number' }),
    readAt: ts('read_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    dedupeKey: text('dedupe_key').unique(),
  },
  (t) => [index('messages_user_idx').on(t.userId, t.createdAt, t.id)],
);

export const auditLog = pgTable('audit_log', {
  id: serial('id').primaryKey(),
  actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
  action: text('action').notNull(),
  targetType: text('target_type').notNull(),
  targetId: bigint('target_id', { mode: 'number' }),
  detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: ts('created_at').notNull().defaultNow(),
});
