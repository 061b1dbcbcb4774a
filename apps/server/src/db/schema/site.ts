import { boolean, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const siteSettings = pgTable('site_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const siteContacts = pgTable('site_contacts', {
  id: serial('id').primaryKey(),
  realName: text('real_name').notNull(),
  mobile: text('mobile').notNull(),
  email: text('email'),
  role: text('role', { enum: ['operations', 'technical'] })
    .notNull()
    .default('technical'),
  sortOrder: integer('sort_order').notNull().default(0),
  active: boolean('active').notNull().default(true),
  demo: boolean('demo').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
