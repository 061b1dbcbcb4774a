import { useMemo, useSyncExternalStore } from 'react';
import type { SiteInfo } from '@zs/shared/api/site';
import { callApi } from './http.ts';

/**
 * The site's lines and the office's 隐藏空栏目 choice (GET /api/portal/site), loaded once per page load and shared
 * by the header, the footer and /home; the console reloads it after changing the choice (decisions/0088).
 */
let info: SiteInfo | null = null;
let pending: Promise<void> | null = null;
const listeners = new Set<() => void>();

export function loadSiteInfo(force = false): Promise<void> {
  if (pending && !force) return pending;
  pending = callApi('GET /api/portal/site').then(
    (r) => {
      if (r.code !== 0 || !r.data) return;
      info = r.data;
      for (const l of listeners) l();
    },
    () => undefined,
  );
  return pending;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!pending) void loadSiteInfo();
  return () => {
    listeners.delete(listener);
  };
}

/** The site info once loaded; null before (or when the call failed). */
export function useSiteInfo(): SiteInfo | null {
  return useSyncExternalStore(
    subscribe,
    () => info,
    () => null,
  );
}

/** Section pages the office hides from the navigation and /home right now (empty while the choice is off). */
export function useHiddenPages(): ReadonlySet<string> {
  const site = useSiteInfo();
  return useMemo(() => new Set(site?.hiddenPages ?? []), [site]);
}
