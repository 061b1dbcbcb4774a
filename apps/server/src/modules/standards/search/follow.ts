import type { Database } from '../../../db/client.ts';
import { pinnedVersion, readCatalogueVersion } from '../catalogue/catalogue-cache.ts';
import { titleIndexFor } from './title-index-store.ts';

/**
 * How often an instance reads the catalogue version for its title index. A write through another instance
 * (or an import run from the command line) moves the version in the database only; a search here would
 * notice it and start the rebuild, but an instance nobody searched would keep the old index until its first
 * search, which SQL then answers. Reading the version every 2 s keeps every instance's index within
 * 2 s + QUIET_MS + the build of the catalogue (docs/decisions/0084-search-quality-and-read-replica.md).
 */
export const FOLLOW_MS = 2_000;

/** Reads the version on a timer and lets the title index store schedule its rebuild; stop() ends it. */
export function followCatalogue(db: Database, everyMs = FOLLOW_MS): { stop(): void } {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    timer = setTimeout(() => {
      // While an import runs in this process, searches answer as of the pinned version (ADR 0076): no
      // rebuild between its batches, which would take the event loop from the requests the pin protects.
      const pinned = pinnedVersion(db);
      (pinned !== undefined ? Promise.resolve(pinned) : readCatalogueVersion(db))
        // A stale index is scheduled for a rebuild once the catalogue is quiet (title-index-store.ts).
        .then((v) => titleIndexFor(db, v))
        .catch(() => undefined)
        .finally(() => {
          if (!stopped) tick();
        });
    }, everyMs);
    // Never keeps a process (or a test run) alive.
    timer.unref();
  };
  tick();
  return {
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
