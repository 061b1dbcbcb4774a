import type { Database, Session } from '../../../db/client.ts';

/**
 * Bulk load (docs/decisions/0045): keeping a dozen secondary indexes and the search-token GIN index up to
 * date row by row costs more than everything else an import does, while building them once from the
 * finished table is several times cheaper. So a load that at least doubles the catalogue runs as one
 * transaction: drop the secondary indexes, load, note them as pending, commit; then build them again, two at
 * a time on PostgreSQL (buildIndexes, docs/decisions/0122). The primary key and the unique number index stay
 * (the upsert needs them). The price: the catalogue and its status history are locked while the rows go in
 * (searches wait), a failure there rolls the whole load back, and reads are slower until the indexes stand.
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
/** Held while pending indexes are built, so two instances never build the same one (buildPendingIndexes). */
const PENDING_INDEX_LOCK = 7_300_122;

/** An index of the catalogue a bulk load dropped, built again once the load has committed. */
export interface PendingIndex {
  name: string;
  def: string;
}

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
 * secondary indexes and the history's foreign key to it, and answers the step that ends the load: it adds the
 * key back, notes the dropped indexes in standard_pending_indexes and answers every index pending there, for
 * buildIndexes once the transaction has committed. Undefined when the lock was not granted in time; the
 * transaction is then unusable and must end.
 */
export async function deferIndexes(t: Session): Promise<(() => Promise<PendingIndex[]>) | undefined> {
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
    // In the transaction: adding a key locks the catalogue against the index builds' locks, and it takes seconds
    // (4 s at 5,000,000 history rows) against their minute.
    for (const k of keys) await t.query(`alter table standard_status_history add constraint ${k.name} ${k.def}`);
    await t.query(
      `insert into standard_pending_indexes (name, def) select * from unnest($1::text[], $2::text[])
       on conflict (name) do nothing`,
      [indexes.map((i) => i.name), indexes.map((i) => i.def)],
    );
    // With any an earlier build left behind (its process ended): this load builds them too.
    return t.query<PendingIndex>('select name, def from standard_pending_indexes order by name');
  };
}

/**
 * Builds pending indexes of the catalogue, each in its own transaction that also strikes it from
 * standard_pending_indexes. On PostgreSQL in two sessions at once: the GIN token index in one, the B-trees in
 * the other. PostgreSQL 15 builds a GIN index on one core and one transaction builds one index at a time, so
 * a load's index phase took the sum of both (60 s + 36 s at 5,000,000 rows) where two sessions take about the
 * longer one (57 s). `first`: a session to use for one of them (the import's own). Reads go on meanwhile,
 * without the indexes being built; writes to the catalogue wait for them.
 */
export async function buildIndexes(db: Database, pending: PendingIndex[], first?: Session): Promise<void> {
  if (!pending.length) return;
  const gin = pending.filter((i) => /\busing gin\b/i.test(i.def));
  const btrees = pending.filter((i) => !gin.includes(i));
  const lanes = db.kind === 'postgres' ? [gin, btrees].filter((l) => l.length) : [pending];
  await db.withLock(PENDING_INDEX_LOCK, async () => {
    const results = await Promise.allSettled(
      lanes.map((lane, n) =>
        n === 0 && first ? buildLane(first, lane, lanes.length) : db.session((s) => buildLane(s, lane, lanes.length)),
      ),
    );
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;
  });
}

/** Builds a lane's indexes one after another; one that fails stays pending, the others are still built. */
async function buildLane(s: Session, lane: PendingIndex[], lanes: number): Promise<void> {
  let failure: unknown;
  for (const i of lane) {
    await s
      .transaction(async (t) => {
        // One core per lane: a B-tree build's parallel workers took the GIN lane's core (57 s → 76 s on 2 cores).
        if (lanes > 1) await t.query('set local max_parallel_maintenance_workers = 0');
        // Built by the same definition; "if not exists" makes a repeated build (two instances at a start) harmless.
        await t.query(i.def.replace(/^create index /i, 'CREATE INDEX IF NOT EXISTS '));
        await t.query('delete from standard_pending_indexes where name = $1', [i.name]);
      })
      .catch((err: unknown) => (failure ??= err));
  }
  if (failure) throw failure;
}

/**
 * At a start: builds the indexes a bulk load left pending when its process ended before they stood (reads of the
 * catalogue work meanwhile, only slower). Answers their names.
 */
export async function buildPendingIndexes(db: Database): Promise<string[]> {
  const pending = await db.query<PendingIndex>('select name, def from standard_pending_indexes order by name');
  await buildIndexes(db, pending);
  return pending.map((p) => p.name);
}
