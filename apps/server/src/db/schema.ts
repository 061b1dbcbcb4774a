/**
 * drizzle schema: the typed view of tables created by the numbered SQL files in ../migrations.
 * Each domain appends its tables in its own file and re-exports them here.
 */
export * from './schema/site.ts';
export * from './schema/accounts.ts';
export * from './schema/standards.ts';
export * from './schema/portal.ts';
export * from './schema/usercentre.ts';
export * from './schema/collections.ts';
