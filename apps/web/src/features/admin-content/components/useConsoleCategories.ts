import { EDITABLE_CATEGORY_SECTIONS, PORTAL_CATEGORIES } from '@zs/shared/portal';
import { useRemote } from '../../../lib/useRemote.ts';
import { layoutApi } from '../api/layout.ts';
import type { ConsoleSectionConfig } from './sections.ts';

/**
 * The categories an editor may pick: the office's list for editable sections (hidden ones marked, since
 * older items keep them), the fixed list otherwise.
 */
export function useConsoleCategories(config: ConsoleSectionConfig): { code: string; name: string }[] {
  const editable = (EDITABLE_CATEGORY_SECTIONS as readonly string[]).includes(config.section);
  const remote = useRemote(editable ? `categories:${config.section}` : null, () => layoutApi.categories(config.section));
  if (!editable) return [...PORTAL_CATEGORIES[config.section]];
  return (remote.data ?? []).map((c) => ({ code: c.code, name: c.hidden ? `${c.name}（已隐藏）` : c.name }));
}
