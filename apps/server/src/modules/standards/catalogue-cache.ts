import type { Database } from '../../db/client.ts';
import type { EphemeralStore } from '../../lib/ephemeral.ts';

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
    const p = this.db
      .query<{ version: string }>('select version::text as version from catalogue_version where id = 1')
      .then((r) => Number(r[0]?.version ?? 0))
      .finally(() => {
        if (this.running === p) this.running = undefined;
      });
    this.running = p;
    return p;
  }

  get(): Promise<number> {
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

const MEMORY_MAX = 2_000;
const SHARED_TTL_SEC = 600;

/**
 * Answers keyed by catalogue version + request: an in-process LRU, and Redis (through the ephemeral
 * store) when REDIS_URL is set so instances share work. A new version makes every old key unreachable.
 */
export class AnswerCache {
  private readonly memory = new Map<string, unknown>();

  constructor(private readonly shared?: EphemeralStore) {}

  async get<T>(version: number, key: string, compute: () => Promise<T>): Promise<T> {
    const k = `search:${version}:${key}`;
    if (this.memory.has(k)) {
      const v = this.memory.get(k) as T;
      this.memory.delete(k);
      this.memory.set(k, v);
      return v;
    }
    if (this.shared?.kind === 'redis') {
      const raw = await this.shared.get(k).catch(() => null);
      if (raw !== null) {
        const v = JSON.parse(raw) as T;
        this.remember(k, v);
        return v;
      }
    }
    const v = await compute();
    this.remember(k, v);
    if (this.shared?.kind === 'redis') await this.shared.set(k, JSON.stringify(v), SHARED_TTL_SEC).catch(() => undefined);
    return v;
  }

  private remember(k: string, v: unknown) {
    this.memory.set(k, v);
    if (this.memory.size > MEMORY_MAX) this.memory.delete(this.memory.keys().next().value!);
  }
}
