import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  username: text('username').notNull().unique(),
  mobile: text('mobile').notNull().unique(),
  email: text('email'),
  passwordHash: text('password_hash').notNull(),
  role: text('role', { enum: ['user', 'operator', 'admin'] })
    .notNull()
    .default('user'),
  status: text('status', { enum: ['active', 'disabled', 'deleted'] })
    .notNull()
    .default('active'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  lastLoginAt: ts('last_login_at'),
});

export const authTokens = pgTable('auth_tokens', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: ts('created_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
  revokedAt: ts('revoked_at'),
  userAgent: text('user_agent'),
  ip: text('ip'),
});

export const loginFailures = pgTable(
  'login_failures',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ip: text('ip'),
    failedAt: ts('failed_at').notNull().defaultNow(),
  },
  (t) => [index('login_failures_user_idx').on(t.userId, t.failedAt)],
);

export const ephemeral = pgTable('ephemeral', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  expiresAt: ts('expires_at').notNull(),
});

export const smsOutbox = pgTable('sms_outbox', {
  id: serial('id').primaryKey(),
  mobile: text('mobile').notNull(),
  code: text('code').notNull(),
  purpose: text('purpose').notNull(),
  provider: text('provider').notNull(),
  sentAt: ts('sent_at').notNull().defaultNow(),
});

export const enterpriseCertifications = pgTable('enterprise_certifications', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  companyName: text('company_name').notNull(),
  creditCode: text('credit_code').notNull(),
  legalRep: text('legal_rep').notNull(),
  contactName: text('contact_name').notNull(),
  contactMobile: text('contact_mobile').notNull(),
  licenceFileId: integer('licence_file_id'),
  status: text('status', { enum: ['pending', 'approved', 'rejected'] })
    .notNull()
    .default('pending'),
  rejectReason: text('reject_reason'),
  submittedAt: ts('submitted_at').notNull().defaultNow(),
  reviewedAt: ts('reviewed_at'),
  reviewerId: integer('reviewer_id').references(() => users.id, { onDelete: 'set null' }),
});
