import { bigint, bigserial, boolean, date, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/** Typed view of migrations/0003_standards.sql. Search and bulk import use raw SQL (repository.ts). */
export const standards = pgTable('standards', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  standardNo: text('standard_no').notNull(),
  noKey: text('no_key').notNull().unique(),
  noBase: text('no_base').notNull(),
  noPrefix: text('no_prefix').notNull(),
  noYear: smallint('no_year'),
  nameZh: text('name_zh').notNull(),
  nameEn: text('name_en'),
  level: text('level', { enum: ['national', 'industry', 'local', 'group', 'enterprise', 'international'] }).notNull(),
  nature: text('nature', { enum: ['mandatory', 'recommended', 'guidance'] }),
  status: text('status', {
    enum: ['current', 'upcoming', 'abolished', 'replaced', 'suspended', 'updated', 'drafting'],
  })
    .notNull()
    .default('current'),
  publishDate: date('publish_date'),
  implementDate: date('implement_date'),
  abolishDate: date('abolish_date'),
  ccsCode: text('ccs_code'),
  icsCode: text('ics_code'),
  department: text('department'),
  committee: text('committee'),
  issuer: text('issuer'),
  draftingUnits: text('drafting_units'),
  drafters: text('drafters'),
  adoptedNo: text('adopted_no'),
  adoptionDegree: text('adoption_degree', { enum: ['IDT', 'MOD', 'NEQ'] }),
  scope: text('scope'),
  notes: text('notes'),
  region: text('region'),
  regionCode: text('region_code'),
  category: text('category'),
  officialUrl: text('official_url'),
  source: text('source'),
  licence: text('licence'),
  sourceRef: text('source_ref'),
  searchTokens: text('search_tokens').array().notNull().default([]),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const standardRelations = pgTable('standard_relations', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  standardId: bigint('standard_id', { mode: 'number' }).notNull(),
  relatedNoKey: text('related_no_key').notNull(),
  relatedNo: text('related_no').notNull(),
  relatedId: bigint('related_id', { mode: 'number' }),
  kind: text('kind', { enum: ['replaces', 'partially_replaces', 'renumbered_from'] }).notNull(),
  inferred: boolean('inferred').notNull().default(false),
  note: text('note'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const standardStatusHistory = pgTable('standard_status_history', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  standardId: bigint('standard_id', { mode: 'number' }).notNull(),
  oldStatus: text('old_status'),
  newStatus: text('new_status').notNull(),
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  source: text('source'),
});

export const ccsCodes = pgTable('ccs_codes', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  level: smallint('level').notNull(),
  parent: text('parent'),
  notes: text('notes'),
});

export const icsCodes = pgTable('ics_codes', {
  code: text('code').primaryKey(),
  nameEn: text('name_en').notNull(),
  nameZh: text('name_zh'),
  level: smallint('level').notNull(),
  parent: text('parent'),
  notes: text('notes'),
});
