import type { PublicCategory } from '@zs/shared/api/console-layout';
import { get } from '../../lib/http.ts';
import { useRemote, type Remote } from '../../lib/useRemote.ts';

/**
 * A section's visible categories as the office last saved them (香山之品 is edited in the console,
 * docs/decisions/0060), read on every page load so an edit shows without a new build.
 */
export function useCategories(slug: string): Remote<PublicCategory[]> {
  const url = `/portal/categories/${slug}`;
  return useRemote(url, () => get<PublicCategory[]>(url));
}
