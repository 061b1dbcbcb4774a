import type { SectionVisibility, SectionVisibilityForm } from '@zs/shared';
import type { Database } from '../../db/client.ts';
import { withTransaction } from '../../db/tx.ts';
import { writeAudit } from '../audit/index.ts';
import { settingValue } from './repository.ts';
import { putSetting } from './settings.ts';

/**
 * 隐藏空栏目 (issue 30, decisions/0088): the office's choice to leave section pages with nothing published out of
 * the public navigation and /home until they have content. Which pages are empty is the portal's knowledge; the
 * registry hands it in (modules/index.ts), so this module stays below the portal.
 */
export const HIDE_EMPTY_SETTING = 'sections.hideEmpty';

/** The public section pages with nothing published now, in navigation order. */
export type EmptyPages = (db: Database) => Promise<Array<{ path: string; label: string }>>;

export interface SectionVisibilityOptions {
  emptyPages?: EmptyPages;
}

const none: EmptyPages = async () => [];

export async function hideEmptySections(db: Database): Promise<boolean> {
  return (await settingValue(db, HIDE_EMPTY_SETTING)) === 'true';
}

export async function sectionVisibility(db: Database, emptyPages: EmptyPages = none): Promise<SectionVisibility> {
  return { hideEmptySections: await hideEmptySections(db), emptyPages: await emptyPages(db) };
}

/** Admin only; audited as settings.sections with the value before and after. */
export async function saveSectionVisibility(
  db: Database,
  actorId: number,
  form: SectionVisibilityForm,
  emptyPages: EmptyPages = none,
): Promise<SectionVisibility> {
  await withTransaction(db, async (q) => {
    const before = (await settingValue(q, HIDE_EMPTY_SETTING)) === 'true';
    await putSetting(q, HIDE_EMPTY_SETTING, String(form.hideEmptySections));
    await writeAudit(q, {
      actorId,
      action: 'settings.sections',
      targetType: 'settings',
      targetId: null,
      detail: { key: HIDE_EMPTY_SETTING, changes: { hideEmptySections: [before, form.hideEmptySections] } },
    });
  });
  return sectionVisibility(db, emptyPages);
}
