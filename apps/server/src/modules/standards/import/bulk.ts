import type { Session } from '../../../db/client.ts';

/**
 * Bulk load (docs/decisions/0045): keeping a dozen secondary indexes and the search-token GIN index up to
 * date row by row costs more than everything else an import does, while building them once from the
 * finished table is several times cheaper. So a load that at least doubles the catalogue runs as one
 * transaction: drop the secondary indexes, load, create them again, commit. The primary key and the unique
 * number index stay (the upsert needs them). The price: the catalogue and its status history are locked for
 * the load's duration (searches wait), and a failure anywhere rolls the whole load back.
 */
export type BulkMode = 'auto' | 'always' | 'never';

/** Fewer rows than this are loaded row by row whatever the catalogue's size: the lock is not worth it. */
export const BULK_MIN_ROWS = 50_000;
/**
 * Bytes per row used to estimate a file's rows from its size. Real catalogue CSV rows are 80–400 bytes, so
 * this errs towards estimating fewer rows, i.e. towards the row-by-row load.
 */
export const BULK_BYTES_PER_ROW = 120;
/** The triggers that list changed records for the title index (migration 0082). */
const LOGGED = ['standards_index_changes_insert', 'standards_index_changes_update', 'standards_index_changes_delete'];
/** How long the load waits for the catalogue lock before it loads row by row instead. */
const LOCK_TIMEOUT = '5s';

export async function useBulkLoad(s: Session, mode: BulkMode, sizeBytes: number | undefined): Promise<boolean> {
  if (mode !== 'auto') return mode === 'always';
  if (!sizeBytes) return false;
  const estimate = sizeBytes / BULK_BYTES_PER_ROW;
  if (estimate < BULK_MIN_ROWS) return false;
  const [{ n }] = (await s.query<{ n: string | number }>('select count(*) as n from standards')) as [{ n: string | number }];
  return estimate >= Number(n);
}

/**
 * In the load's transaction: takes the catalogue and its status history (waiting at most LOCK_TIMEOUT behind
 * other sessions, so a long backup does not queue every search behind the import), drops the catalogue's
 * secondary indexes and the history's foreign key to it, and answers the step that creates them again.
 * Undefined when the lock was not granted in time; the transaction is then unusable and must end.
 */
export async function deferIndexes(t: Session): Promise<(() => Promise<void>) | undefined> {
  try {
    await t.query(`set local lock_timeout = '${LOCK_TIMEOUT}'`);
    // Both tables at once, so the wait is bounded as a whole and no other session holds one while waiting
    // for the other.
    await t.query('lock table standards, standard_status_history in access exclusive mode');
    await t.query('set local lock_timeout = 0');
  } catch (err) {
    if ((err as { code?: string }).code === '55P03') return undefined;
    throw err;
  }
  const indexes = await t.query<{ name: string; def: string }>(
    `select x.indexrelid::regclass::text as name, pg_get_indexdef(x.indexrelid) as def
     from pg_index x where x.indrelid = 'standards'::regclass and not x.indisprimary and not x.indisunique
     order by x.indexrelid`,
  );
  if (indexes.length) await t.query(`drop index ${indexes.map((i) => i.name).join(', ')}`);
  // A history row for every new record: its foreign key would be checked row by row (a trigger and an index
  // probe each); adding it back checks all of them in one join.
  const keys = await t.query<{ name: string; def: string }>(
    `select conname as name, pg_get_constraintdef(oid) as def from pg_constraint
     where conrelid = 'standard_status_history'::regclass and confrelid = 'standards'::regclass and contype = 'f'
     order by oid`,
  );
  for (const k of keys) await t.query(`alter table standard_status_history drop constraint ${k.name}`);
  // The title index's change log (migration 0082) would keep every loaded row in a transition table (spilled to
  // disk: 1.5 GB at 5,000,000 rows) only to note "every record" in the end: noted once instead, after the load.
  await t.query(`alter table standards ${LOGGED.map((g) => `disable trigger ${g}`).join(', ')}`);
  return async () => {
    await t.query(`insert into standard_index_changes (version, id) select version, null from catalogue_version where id = 1`);
    // Pruned: no index of an earlier version can be followed past this row (search/title-index-store.ts follow), so the
    // records listed before it serve nothing. The "every record" rows stay: an index file counts them (decisions/0118).
    await t.query(
      `delete from standard_index_changes where id is not null and version < (select version from catalogue_version where id = 1)`,
    );
    await t.query(`alter table standards ${LOGGED.map((g) => `enable trigger ${g}`).join(', ')}`);
    for (const i of indexes) await t.query(i.def);
    for (const k of keys) await t.query(`alter table standard_status_history add constraint ${k.name} ${k.def}`);
  };
}
