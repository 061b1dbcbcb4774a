import type { Database } from '../../../db/client.ts';
import type { EphemeralStore } from '../../../db/ephemeral.ts';

/** The catalogue version as stored now (migration 0020: every catalogue write bumps it). */
export async function readCatalogueVersion(db: Database): Promise<number> {
  const r = await db.query<{ version: string }>('select version::text as version from catalogue_version where id = 1', [], {
    prepare: true,
  });
  return Number(r[0]?.version ?? 0);
}

/**
 * The catalogue version that searches answer for while an import writes (docs/decisions/0076). Every batch of an
 * import moves the version, which makes every cached answer and the in-memory title index stale, so each search
 * would be ranked again in SQL while the import holds the database (on PGlite, its one connection): the site
 * slowed to seconds. While an import runs, this process's searches answer as of the catalogue before it (cached
 * answers and the title index of that version); record pages read the live rows. When the import ends, the
 * version moves on and searches see everything it wrote.
 */
const pins = new WeakMap<Database, { version: number; holders: number }>();

export async function whileImporting<T>(db: Database, fn: () => Promise<T>): Promise<T> {
  let pin = pins.get(db);
  if (!pin) pins.set(db, (pin = { version: await readCatalogueVersion(db), holders: 0 }));
  pin.holders++;
  try {
    return await fn();
  } finally {
    if (--pin.holders === 0) pins.delete(db);
  }
}

/** The version searches answer for while an import runs in this process, or undefined. */
export function pinnedVersion(db: Database): number | undefined {
  // Imports write through the primary; a read router (db/replica.ts) answers as of the primary's pin.
  return pins.get(db.primary ?? db)?.version;
}

/**
 * The catalogue version (migration 0020: bumped by a trigger on every write to standards, relations
 * or synonyms). Reads are coalesced without going stale: a caller joins a read only if it started
 * after the caller arrived, so a write committed before a request is always seen by it.
 */
export class CatalogueVersion {
  private running?: Promise<number>;
  private queued?: Promise<number>;

  constructor(private readonly db: Database) {}

  private start(): Promise<number> {
    const p = readCatalogueVersion(this.db).finally(() => {
      if (this.running === p) this.running = undefined;
    });
    this.running = p;
    return p;
  }

  get(): Promise<number> {
    // While an import writes, searches answer as of the catalogue before it (whileImporting).
    const pinned = pinnedVersion(this.db);
    if (pinned !== undefined) return Promise.resolve(pinned);
    if (!this.running) return this.start();
    if (!this.queued) {
      // The next read starts when the running one ends; callers arriving before then share it.
      this.queued = this.running
        .catch(() => undefined)
        .then(() => {
          this.queued = undefined;
          return this.start();
        });
    }
    return this.queued;
  }
}

/** Entry and size limits of the in-process answers (a search page of 20 records holds about 11 KB). */
export const MEMORY_LIMITS = { entries: 2_000, bytes: 16 * 1024 * 1024 };
const SHARED_TTL_SEC = 600;

/** Rough heap size of an answer: its JSON length twice over (measured: 5.6 K characters → 11 KB). */
const sizeOf = (jsonChars: number) => jsonChars * 2;

/**
 * About the JSON length of a plain value, counted without writing it: an answer kept only in process is never
 * serialised here (Fastify writes the response), and writing it out just to weigh it cost 3–4 % of the server's
 * thread under search load.
 */
export function jsonLength(v: unknown): number {
  if (typeof v === 'string') return v.length + 2;
  if (typeof v === 'number') return String(v).length;
  if (v === true || v === null) return 4;
  if (v === false) return 5;
  if (Array.isArray(v)) {
    let n = 2;
    for (const x of v) n += jsonLength(x) + 1;
    return n;
  }
  if (typeof v === 'object') {
    let n = 2;
    const o = v as Record<string, unknown>;
    for (const k in o) if (o[k] !== undefined) n += k.length + 4 + jsonLength(o[k]);
    return n;
  }
  return 0;
}

/**
 * Answers keyed by catalogue version + request: an in-process LRU bounded by entries and by bytes
 * (distinct keywords arrive without end; old versions' keys are never asked again and age out), and
 * Redis (through the ephemeral store) when REDIS_URL is set so instances share work. A new version
 * makes every old key unreachable.
 */
export class AnswerCache {
  private readonly memory = new Map<string, { v: unknown; bytes: number }>();
  private bytes = 0;

  constructor(
    private readonly shared?: EphemeralStore,
    private readonly limits = MEMORY_LIMITS,
  ) {}

  /** Entries and estimated bytes held in process (tests, metrics). */
  get held() {
    return { entries: this.memory.size, bytes: this.bytes };
  }

  async get<T>(version: number, key: string, compute: () => Promise<T>): Promise<T> {
    const k = `search:${version}:${key}`;
    const hit = this.memory.get(k);
    if (hit) {
      this.memory.delete(k);
      this.memory.set(k, hit);
      return hit.v as T;
    }
    if (this.shared?.kind === 'redis') {
      const raw = await this.shared.get(k).catch(() => null);
      if (raw !== null) {
        const v = JSON.parse(raw) as T;
        this.remember(k, v, raw.length);
        return v;
      }
    }
    const v = await compute();
    if (this.shared?.kind !== 'redis') {
      this.remember(k, v, jsonLength(v));
      return v;
    }
    const json = JSON.stringify(v);
    this.remember(k, v, json.length);
    await this.shared.set(k, json, SHARED_TTL_SEC).catch(() => undefined);
    return v;
  }

  private remember(k: string, v: unknown, jsonChars: number) {
    const bytes = sizeOf(jsonChars) + k.length * 2;
    // An answer larger than a quarter of the budget would push out many others for one request.
    if (bytes > this.limits.bytes / 4) return;
    const old = this.memory.get(k);
    if (old) {
      this.memory.delete(k);
      this.bytes -= old.bytes;
    }
    this.memory.set(k, { v, bytes });
    this.bytes += bytes;
    while (this.memory.size > this.limits.entries || this.bytes > this.limits.bytes) {
      const [oldest, e] = this.memory.entries().next().value!;
      this.memory.delete(oldest);
      this.bytes -= e.bytes;
    }
  }
}
