import { backgroundOf, type Database } from '../../../db/client.ts';
import { giveWay, nextTurn } from '../../../db/foreground.ts';
import { readCatalogueVersion } from '../catalogue/catalogue-cache.ts';
import type { TitleIndex } from './title-index.ts';
import { TitleIndexBuilder, type IndexRow } from './title-index-builder.ts';
import { NUMBER_ORDER, OLDER_SPELLING } from './search-sql.ts';
import { startTurn, turnSpent } from './turns.ts';
import { loadTitleIndex, saveTitleIndex, type LoadRefusal } from './title-index-snapshot.ts';
import { changedIdsBetween, indexChangedBetween } from './index-changes.ts';
import { PartialThread, PARTIAL_THREAD_MIN } from './partial-thread.ts';

/**
 * Most changed records an index is followed across (overlaid, decisions/0118); more, and it is built again. Each
 * search ranks them from a small index beside it and, when some match, orders those few with the index's first in
 * SQL: a millisecond or two per search, more as they grow.
 */
export const MAX_OVERLAY = 5_000;
/** From this many changed records on, an overlaid index is built again in the background while it serves. */
export const FOLD_AT = 500;

/**
 * Rows read per statement while building: bounded memory whatever the catalogue's size. On PGlite (one connection)
 * a statement holds every request behind it, so its chunks are small (20,000 rows took ~300 ms, 2,000 ~30 ms) and
 * the requests in flight go first between them (db/foreground.ts).
 */
const chunkOf = (db: Database) => (db.kind === 'pglite' ? 2_000 : 20_000);
/** The longest a build waits for the requests in flight between two of its chunks (PGlite). */
const GIVE_WAY_CAP_MS = 25;
/**
 * A rebuild starts once the catalogue version has stayed the same this long: an import moves it on
 * every batch, and rebuilding between batches would only take CPU from the import.
 */
export const QUIET_MS = 1_000;

/** What the index holds of a record (title-index-builder.ts IndexRow). */
const INDEX_ROWS = `select id::int as id, name_zh as name, status in ('current', 'upcoming') as "inForce",
    implement_date::text as date, array_to_string(search_tokens, ' ') as tokens,
    no_key as "noKey", no_prefix as "noPrefix", coalesce(name_en, '') <> '' as english,
    ${OLDER_SPELLING} as older
  from standards`;

/**
 * An index of the records `ids` as stored now (those still stored), with their numbers: the changed records an overlaid
 * index leaves out, ranked by it beside the index (decisions/0118). A few thousand rows at most: one statement each.
 */
async function buildFresh(db: Database, ids: Int32Array, version: number): Promise<TitleIndex> {
  const list = Array.from(ids);
  const rows = await db.query<IndexRow>(`${INDEX_ROWS} where standards.id = any($1::int[]) order by standards.id`, [list]);
  const order = await db.query<{ id: number }>(
    `select id::int as id from standards where standards.id = any($1::int[]) order by ${NUMBER_ORDER}, standards.id desc`,
    [list],
  );
  const builder = new TitleIndexBuilder();
  for (const row of rows) builder.add(row);
  return builder.build(
    version,
    Int32Array.from(order, (r) => r.id),
  );
}

/**
 * Reads the catalogue in id order (`standards.id`: a bare `id` would name the int alias, which the
 * primary key cannot supply in order, and every chunk would sort the rest of the table), chunk by chunk, without a long transaction (PGlite has one
 * connection). Every write bumps the version in its own transaction (migration 0020), so equal
 * versions before and after the read mean every chunk saw the same catalogue; otherwise undefined.
 */
export async function buildTitleIndex(foreground: Database, watch?: BuildWatch): Promise<TitleIndex | undefined> {
  // Its statements wait while requests' statements are queued (PGlite, db/priority-gate.ts).
  const db = backgroundOf(foreground);
  const before = await readCatalogueVersion(db);
  if (watch) watch.version = before;
  const builder = new TitleIndexBuilder();
  const chunk = (after: number) =>
    db.query<IndexRow>(`${INDEX_ROWS} where standards.id > $1 order by standards.id limit ${chunkOf(db)}`, [after]);
  // Every id in number order, read as one text (a million rows as one value, not a million row objects) and
  // parsed into an Int32Array at once (the text is 40 MB at 5,000,000 records, the array 20).
  const numberOrder = () =>
    db
      .query<{ ids: string | null }>(
        `select string_agg(id::text, ',' order by ${NUMBER_ORDER}, standards.id desc) as ids from standards`,
      )
      .then(([order]) => parseIds(order?.ids ?? ''));
  // On PostgreSQL the number order and the next chunk are read while a chunk is added: the database and this
  // thread work at once (decisions/0110). PGlite, one connection shared with the requests, reads one at a time.
  const ahead = db.kind !== 'pglite';
  // Awaited later: a failure is handled there, not reported as unhandled meanwhile.
  const early = <T>(p: Promise<T>) => (p.catch(() => undefined), p);
  const ordered = ahead ? early(numberOrder()) : undefined;
  let next = chunk(0);
  for (;;) {
    const rows = await next;
    const more = rows.length === chunkOf(db);
    if (more && ahead) next = early(chunk(rows[rows.length - 1]!.id));
    // A turn of the event loop between slices of the chunk, as between slices of the build below: the build runs
    // on the server's own thread, and a 20,000-row chunk added at once held every request for ~210 ms at a million
    // records (docs/decisions/0099); slices are timed (turns.ts, decisions/0104).
    startTurn();
    for (let i = 0; i < rows.length; i++) {
      builder.add(rows[i]!);
      if (turnSpent(i, 16)) {
        await nextTurn();
        startTurn();
      }
    }
    if (!more) break;
    // The catalogue moved on since the build began (a version read by a search or the poll: follow.ts): the result
    // would be discarded, and the index held is followed sooner without this build in the way.
    if (watch?.moved) return undefined;
    await giveWay(db, GIVE_WAY_CAP_MS);
    if (!ahead) next = chunk(rows[rows.length - 1]!.id);
  }
  const order = await (ordered ?? numberOrder());
  const after = await readCatalogueVersion(db);
  return after === before ? builder.buildGivingWay(before, order, nextTurn) : undefined;
}

/**
 * Comma-separated ids into an Int32Array, read in place (no array of a million substrings), in slices: the text is
 * 40 MB at 5,000,000 records, and read at once it held the server's thread for ~450 ms (decisions/0116).
 */
async function parseIds(text: string): Promise<Int32Array> {
  if (!text) return new Int32Array(0);
  let n = 1;
  startTurn();
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) === 44) n++;
    if (turnSpent(i, 4096)) {
      await nextTurn();
      startTurn();
    }
  }
  const out = new Int32Array(n);
  let k = 0;
  let v = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 44) {
      out[k++] = v;
      v = 0;
    } else v = v * 10 + (c - 48);
    if (turnSpent(i, 4096)) {
      await nextTurn();
      startTurn();
    }
  }
  out[k] = v;
  return out;
}

/** The version a build reads (set by it), and whether a later one was seen meanwhile (set by titleIndexFor). */
export interface BuildWatch {
  version?: number;
  moved?: boolean;
}

interface Holder {
  index?: TitleIndex;
  building?: Promise<TitleIndex | undefined>;
  /** The build under way, if any: told when the catalogue moves past the version it reads. */
  watch?: BuildWatch;
  timer?: NodeJS.Timeout;
  /** The version seen when the quiet wait started. */
  seen?: number;
  /** Set by startTitleIndex: `auto` searches use the index and keep it current. */
  enabled?: boolean;
  /** Set by closeTitleIndex when its last user closes: no further builds. */
  closed?: boolean;
  /** Apps that started the index on this database (tests run several on one); the last close stops it. */
  users: number;
  /** Builds so far by outcome, and how long the last kept one took (metrics). */
  builds: Record<BuildOutcome, number>;
  lastBuildSeconds?: number;
  /** Run on each index kept (startTitleIndex): ranks the common tokens ahead, in the background. */
  warm?: (index: TitleIndex) => Promise<unknown>;
  /** Where the index is written after each build and read at start (title-index-snapshot.ts); unset: never. */
  snapshotDir?: string;
  snapshotTried?: boolean;
  /** The write under way, and the newest index waiting to be written after it. */
  saving?: Promise<void>;
  toSave?: TitleIndex;
  /** Snapshot files by outcome: loaded at a start, refused (and why), saved, failed to write. */
  snapshots: Record<'loaded' | 'saved' | 'failed' | `refused:${Exclude<LoadRefusal, 'none'>}`, number>;
  lastLoadSeconds?: number;
  lastSaveSeconds?: number;
  /** MAX_OVERLAY and FOLD_AT for this database (setOverlayLimits: tests, bench). */
  limits: { max: number; foldAt: number };
  /** The partial-ranking thread (ADR 0126), made on first use while the index is on; `partialMin`: records from which it ranks (0: never). */
  partials?: PartialThread;
  partialMin?: number;
}

/**
 * kept: became the index; discarded: the catalogue changed while it was read; failed: an error; restamped: the
 * index held was kept for a later version that changed none of its records (no build); overlaid: it was kept for a
 * later version, the records changed since ranked from a small index beside it (no build).
 */
type BuildOutcome = 'kept' | 'discarded' | 'failed' | 'restamped' | 'overlaid';

const holders = new WeakMap<Database, Holder>();

function holderOf(db: Database): Holder {
  let h = holders.get(db);
  if (!h) {
    const snapshots = {
      loaded: 0,
      saved: 0,
      failed: 0,
      'refused:code': 0,
      'refused:catalogue': 0,
      'refused:damaged': 0,
      'refused:sample': 0,
    };
    const builds = { kept: 0, discarded: 0, failed: 0, restamped: 0, overlaid: 0 };
    holders.set(db, (h = { users: 0, builds, snapshots, limits: { max: MAX_OVERLAY, foldAt: FOLD_AT } }));
  }
  return h;
}

/** Starts (or restarts) the quiet wait before a rebuild, unless one is waiting or running. */
function schedule(db: Database, h: Holder, version: number) {
  if (h.closed || h.timer || h.building) return;
  h.seen = version;
  h.timer = setTimeout(() => {
    h.timer = undefined;
    readCatalogueVersion(db)
      .then(async (now) => {
        // Still changing (an import between batches): wait for another quiet second.
        if (now !== h.seen) schedule(db, h, now);
        else if (h.index?.version !== now) await refresh(db);
      })
      .catch(() => undefined);
  }, QUIET_MS);
  // A pending rebuild must never keep a process (or a test run) alive.
  h.timer.unref();
}

/**
 * The index for this catalogue version, or undefined (the caller ranks in SQL) while it is missing
 * or stale; a stale or missing index is rebuilt in the background once the catalogue is quiet.
 */
export function titleIndexFor(db: Database, version: number): TitleIndex | undefined {
  const h = holderOf(db);
  if (h.index?.version === version) return h.index;
  if (h.watch?.version !== undefined && version > h.watch.version) h.watch.moved = true;
  if (h.enabled) schedule(db, h, version);
  return undefined;
}

/**
 * Turns the index on for this database (the standards plugin, when configured) and builds it, or reads it from
 * `snapshotDir` when the file there holds the catalogue as stored now; `warm` runs on each index kept, after it
 * serves (search.ts warmTitleIndex).
 */
export function startTitleIndex(
  db: Database,
  warm?: Holder['warm'],
  snapshotDir?: string,
  partialMin = PARTIAL_THREAD_MIN,
): Promise<TitleIndex | undefined> {
  const h = holderOf(db);
  h.users++;
  h.warm ??= warm;
  h.snapshotDir ??= snapshotDir;
  h.partialMin ??= partialMin;
  h.enabled = true;
  h.closed = false;
  return refresh(db);
}

/** Builds now (start-up, tests, bench); concurrent callers share one build. Failures leave the old index. */
export function refresh(db: Database): Promise<TitleIndex | undefined> {
  const h = holderOf(db);
  if (h.closed) return Promise.resolve(h.index);
  h.building ??= (async () => {
    const now = await readCatalogueVersion(db);
    // Already current (a second start on the same database): nothing to read.
    if (h.index && h.index.version === now) return h.index;
    const started = performance.now();
    // Once, at the start: the file of the last build, when it holds the catalogue as stored now or one the change
    // log can follow it to. Later builds follow catalogue changes, which no file written before them holds.
    let held = h.index;
    if (!held && h.snapshotDir && !h.snapshotTried) {
      h.snapshotTried = true;
      const loaded = await loadTitleIndex(backgroundOf(db), h.snapshotDir, h.limits.max).catch((): LoadRefusal => 'damaged');
      if (typeof loaded !== 'string') {
        h.snapshots.loaded++;
        h.lastLoadSeconds = (performance.now() - started) / 1000;
        held = loaded;
      } else if (loaded !== 'none') h.snapshots[`refused:${loaded}`]++;
    }
    const followed = held && !h.closed ? await follow(db, held, now, h.limits.max) : undefined;
    if (followed === 'moved') {
      // Kept (not served: its version is not the catalogue's) to be followed at the next quiet second, not built.
      h.index = held;
      return h.index;
    }
    if (followed) {
      if (followed.outcome) h.builds[followed.outcome]++;
      keep(h, followed.index);
      // A long list of changed records costs every search: built again in the background, the overlay serving.
      if ((followed.index.changed?.length ?? 0) < h.limits.foldAt) return h.index;
    }
    const built = await buildTitleIndex(db, (h.watch = {}));
    h.watch = undefined;
    if (built && !h.closed) {
      h.lastBuildSeconds = (performance.now() - started) / 1000;
      keep(h, built);
      save(db, h, built);
    }
    h.builds[built && !h.closed ? 'kept' : 'discarded']++;
    return h.index;
  })()
    .catch(() => {
      h.builds.failed++;
      return h.index;
    })
    .finally(() => {
      h.building = undefined;
      h.watch = undefined;
    });
  return h.building;
}

/**
 * The index held, carried to catalogue version `now` without reading the catalogue (decisions/0117, 0118): restamped
 * when the versions between changed none of its records; overlaid when they changed at most MAX_OVERLAY of them,
 * listed by the change log (those are read into an index of their own); undefined when the log says "every record" or
 * more; 'moved' when the catalogue changed while they were read.
 */
async function follow(
  db: Database,
  index: TitleIndex,
  now: number,
  max: number,
): Promise<{ index: TitleIndex; outcome?: 'restamped' | 'overlaid' } | 'moved' | undefined> {
  // A file of this very version.
  if (index.version === now) return { index };
  // The catalogue went back (a restore): built again.
  if (index.version > now) return undefined;
  const bg = backgroundOf(db);
  if (!(await indexChangedBetween(bg, index.version, now))) return { index: index.restamped(now), outcome: 'restamped' };
  const changed = await changedIdsBetween(bg, index.since, now, max);
  if (!changed) return undefined;
  const fresh = await buildFresh(bg, changed, now);
  // The catalogue moved on while the changed records were read: the next quiet second follows it again.
  if ((await readCatalogueVersion(bg)) !== now) return 'moved';
  return { index: index.overlaid(now, changed, fresh), outcome: 'overlaid' };
}

/** The index serves from now on; the warming goes between requests (not awaited). */
function keep(h: Holder, index: TitleIndex) {
  h.index = index;
  h.warm?.(index).catch(() => undefined);
}

/**
 * Writes the index to the snapshot directory in the background, one write at a time; an index kept while a write
 * runs is written after it (only the newest: an older one would be refused at the next start anyway).
 */
function save(db: Database, h: Holder, index: TitleIndex) {
  const dir = h.snapshotDir;
  if (!dir) return;
  h.toSave = index;
  h.saving ??= (async () => {
    for (let next = h.toSave; next && !h.closed; next = h.toSave) {
      h.toSave = undefined;
      const started = performance.now();
      try {
        if (await saveTitleIndex(backgroundOf(db), dir, next)) {
          h.snapshots.saved++;
          h.lastSaveSeconds = (performance.now() - started) / 1000;
        }
      } catch {
        h.snapshots.failed++;
      }
    }
  })().finally(() => {
    h.saving = undefined;
  });
}

/** Resolves once the snapshot writes started so far are done (tests, bench). */
export async function titleIndexSaved(db: Database): Promise<void> {
  const h = holderOf(db);
  while (h.saving) await h.saving;
}

/**
 * Waits, at most `capMs`, until the index holds the catalogue as stored now, when this database keeps one. An import
 * on PGlite calls it before its searches stop answering as of the catalogue before it: a search ranked in SQL while
 * the index is rebuilt holds the one connection for 100–600 ms at 200,000 records (docs/decisions/0103).
 */
export async function catchUpTitleIndex(db: Database, capMs: number): Promise<void> {
  const h = holderOf(db);
  const until = performance.now() + capMs;
  // A build already under way may have read the catalogue before the last write and be discarded: one more try.
  for (let attempt = 0; attempt < 3 && h.enabled && !h.closed; attempt++) {
    if (h.index?.version === (await readCatalogueVersion(db))) return;
    const left = until - performance.now();
    if (left <= 0) return;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), left);
      timer.unref();
    });
    const outcome = await Promise.race([refresh(db), late]);
    clearTimeout(timer);
    if (outcome === 'late') return;
  }
}

/** Sets how many changed records an index of this database is followed across, and built again from (tests, bench). */
export function setOverlayLimits(db: Database, limits: { max?: number; foldAt?: number }) {
  const h = holderOf(db);
  h.limits = { max: limits.max ?? MAX_OVERLAY, foldAt: limits.foldAt ?? FOLD_AT };
}

/** Stops rebuilding for this database once its last user closes, and lets a running build finish (shutdown). */
export async function closeTitleIndex(db: Database) {
  const h = holderOf(db);
  h.users = Math.max(0, h.users - 1);
  if (h.users > 0) return;
  h.closed = true;
  h.enabled = false;
  if (h.timer) clearTimeout(h.timer);
  h.timer = undefined;
  // A build under way would be discarded: it stops at its next read instead of holding the shutdown for a minute.
  if (h.watch) h.watch.moved = true;
  await h.building;
  // A write under way finishes (a file cut short would only be refused, but it would be 100s of MB left behind).
  await h.saving;
  await h.partials?.close();
  h.partials = undefined;
  h.partialMin = undefined;
  h.index = undefined;
  // The next start on this database is a start again: it may read the file the last one wrote.
  h.snapshotTried = false;
  h.snapshotDir = undefined;
}

/**
 * The partial-ranking thread of this database's index (ADR 0126) while the index is on (startTitleIndex) and the
 * thread is not turned off; it ranks in line a catalogue below `partialMin` records. Else undefined: partial matches are
 * ranked in the request's thread.
 */
export function partialThreadFor(db: Database): PartialThread | undefined {
  const h = holderOf(db);
  if (!h.enabled || !h.partialMin) return undefined;
  return (h.partials ??= new PartialThread(h.partialMin));
}

/** What the metrics report (search/metrics.ts): the index held for this database and its builds. */
export function titleIndexStats(db: Database) {
  const h = holderOf(db);
  return {
    enabled: h.enabled === true,
    version: h.index?.version,
    records: h.index?.records ?? 0,
    /** Records changed since the index was built, ranked from the small index beside it (overlaid, decisions/0118). */
    changed: h.index?.changed?.length ?? 0,
    bytes: h.index?.bytes ?? 0,
    building: h.building !== undefined,
    builds: { ...h.builds },
    lastBuildSeconds: h.lastBuildSeconds,
    snapshots: { ...h.snapshots },
    lastLoadSeconds: h.lastLoadSeconds,
    lastSaveSeconds: h.lastSaveSeconds,
    /** Partial rankings by where they ran, while the partial-ranking thread is on (ADR 0126). */
    partialRankings: { ...(h.partials?.counts ?? { thread: 0, inline: 0 }) },
  };
}
