import { backgroundOf, type Database } from '../../../db/client.ts';
import { giveWay, nextTurn } from '../../../db/foreground.ts';
import { readCatalogueVersion } from '../catalogue/catalogue-cache.ts';
import type { TitleIndex } from './title-index.ts';
import { TitleIndexBuilder, type IndexRow } from './title-index-builder.ts';
import { NUMBER_ORDER, OLDER_SPELLING } from './search-sql.ts';
import { startTurn, turnSpent } from './turns.ts';
import { loadTitleIndex, saveTitleIndex, type LoadRefusal } from './title-index-snapshot.ts';
import { indexChangedBetween } from './index-changes.ts';

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

/**
 * Reads the catalogue in id order (`standards.id`: a bare `id` would name the int alias, which the
 * primary key cannot supply in order, and every chunk would sort the rest of the table), chunk by chunk, without a long transaction (PGlite has one
 * connection). Every write bumps the version in its own transaction (migration 0020), so equal
 * versions before and after the read mean every chunk saw the same catalogue; otherwise undefined.
 */
export async function buildTitleIndex(foreground: Database): Promise<TitleIndex | undefined> {
  // Its statements wait while requests' statements are queued (PGlite, db/priority-gate.ts).
  const db = backgroundOf(foreground);
  const before = await readCatalogueVersion(db);
  const builder = new TitleIndexBuilder();
  const chunk = (after: number) =>
    db.query<IndexRow>(
      `select id::int as id, name_zh as name, status in ('current', 'upcoming') as "inForce",
         implement_date::text as date, array_to_string(search_tokens, ' ') as tokens,
         no_key as "noKey", no_prefix as "noPrefix", coalesce(name_en, '') <> '' as english,
         ${OLDER_SPELLING} as older
       from standards where standards.id > $1 order by standards.id limit ${chunkOf(db)}`,
      [after],
    );
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

interface Holder {
  index?: TitleIndex;
  building?: Promise<TitleIndex | undefined>;
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
}

/**
 * kept: became the index; discarded: the catalogue changed while it was read; failed: an error; restamped: the
 * index held was kept for a later version that changed none of its records (no build).
 */
type BuildOutcome = 'kept' | 'discarded' | 'failed' | 'restamped';

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
    holders.set(db, (h = { users: 0, builds: { kept: 0, discarded: 0, failed: 0, restamped: 0 }, snapshots }));
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
  if (h.enabled) schedule(db, h, version);
  return undefined;
}

/**
 * Turns the index on for this database (the standards plugin, when configured) and builds it, or reads it from
 * `snapshotDir` when the file there holds the catalogue as stored now; `warm` runs on each index kept, after it
 * serves (search.ts warmTitleIndex).
 */
export function startTitleIndex(db: Database, warm?: Holder['warm'], snapshotDir?: string): Promise<TitleIndex | undefined> {
  const h = holderOf(db);
  h.users++;
  h.warm ??= warm;
  h.snapshotDir ??= snapshotDir;
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
    // The versions since moved for relations, synonyms or fields the index does not read: the same records, restamped
    // (decisions/0117) instead of read again (50-110 s at 5,000,000 records).
    if (h.index && !(await indexChangedBetween(backgroundOf(db), h.index.version, now)) && !h.closed) {
      h.builds.restamped++;
      keep(h, h.index.restamped(now));
      return h.index;
    }
    const started = performance.now();
    // Once, at the start: later builds follow catalogue changes, which no file written before them holds.
    if (!h.index && h.snapshotDir && !h.snapshotTried) {
      h.snapshotTried = true;
      const loaded = await loadTitleIndex(backgroundOf(db), h.snapshotDir).catch((): LoadRefusal => 'damaged');
      if (typeof loaded !== 'string' && !h.closed) {
        h.snapshots.loaded++;
        h.lastLoadSeconds = (performance.now() - started) / 1000;
        keep(h, loaded);
        return h.index;
      }
      if (loaded !== 'none' && typeof loaded === 'string') h.snapshots[`refused:${loaded}`]++;
    }
    const built = await buildTitleIndex(db);
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
    });
  return h.building;
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

/** Stops rebuilding for this database once its last user closes, and lets a running build finish (shutdown). */
export async function closeTitleIndex(db: Database) {
  const h = holderOf(db);
  h.users = Math.max(0, h.users - 1);
  if (h.users > 0) return;
  h.closed = true;
  h.enabled = false;
  if (h.timer) clearTimeout(h.timer);
  h.timer = undefined;
  await h.building;
  // A write under way finishes (a file cut short would only be refused, but it would be 100s of MB left behind).
  await h.saving;
  h.index = undefined;
  // The next start on this database is a start again: it may read the file the last one wrote.
  h.snapshotTried = false;
  h.snapshotDir = undefined;
}

/** What the metrics report (search/metrics.ts): the index held for this database and its builds. */
export function titleIndexStats(db: Database) {
  const h = holderOf(db);
  return {
    enabled: h.enabled === true,
    version: h.index?.version,
    records: h.index?.size ?? 0,
    bytes: h.index?.bytes ?? 0,
    building: h.building !== undefined,
    builds: { ...h.builds },
    lastBuildSeconds: h.lastBuildSeconds,
    snapshots: { ...h.snapshots },
    lastLoadSeconds: h.lastLoadSeconds,
    lastSaveSeconds: h.lastSaveSeconds,
  };
}
