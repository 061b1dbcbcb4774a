import { useMatches } from 'react-router';

/** Metadata a page can read about its own route (title, checkIndex) without importing src/app. */
export interface PageMeta {
  path: string;
  title: string;
  checkIndex?: number;
}

export function usePageMeta(): PageMeta | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const route = (matches[i]?.handle as { route?: PageMeta } | undefined)?.route;
    if (route) return route;
  }
  return undefined;
}
