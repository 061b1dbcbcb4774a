import {
  HOME_BLOCKS,
  PORTAL_SECTION_NAMES,
  CategoryListForm,
  type ConsoleCategory,
  type EditableCategorySection,
} from '@zs/shared';
import type { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import { badRequest, notFound } from '../../../lib/envelope.ts';
import { writeAudit } from '../../audit/index.ts';
import { withTransaction, type Query } from '../../../db/tx.ts';
import { consoleHomeBlocks } from '../home.ts';

/** Every category of an editable section, hidden ones included, with how many items (any state) use it. */
export async function consoleCategories(db: Database | Query, section: EditableCategorySection): Promise<ConsoleCategory[]> {
  const q: Query = typeof db === 'function' ? db : (t, p) => db.query(t, p);
  return q<ConsoleCategory>(
    `select c.code, c.name, c.hidden,
            (select count(*)::int from portal_items p where p.section = c.section and p.category = c.code) as "inUse"
       from portal_categories c where c.section = $1 order by c.sort_order, c.code`,
    [section],
  );
}

/** A new code no other category of the section has: operators name categories, codes are ours. */
const newCode = (taken: Set<string>) => {
  for (let n = taken.size + 1; ; n++) if (!taken.has(`c${n}`)) return `c${n}`;
};

/**
 * Saves the whole list (docs/decisions/0060): order, names, hidden flags, new rows; a category left out
 * is deleted only while no item uses it, otherwise the office is told to hide it. One audit row.
 */
export async function saveCategories(
  db: Database,
  actorId: number,
  section: EditableCategorySection,
  form: z.output<typeof CategoryListForm>,
): Promise<ConsoleCategory[]> {
  await withTransaction(db, async (q) => {
    // Serialise concurrent saves of the same list.
    await q('select code from portal_categories where section = $1 for update', [section]);
    const before = await consoleCategories(q, section);
    const byCode = new Map(before.map((c) => [c.code, c]));
    const unknown = form.categories.find((c) => c.code && !byCode.has(c.code));
    if (unknown) throw badRequest(`类别“${unknown.name}”已被他人删除，请刷新后重试`);
    const kept = new Set(form.categories.map((c) => c.code).filter(Boolean));
    const removed = before.filter((c) => !kept.has(c.code));
    const used = removed.find((c) => c.inUse > 0);
    if (used) throw badRequest(`类别“${used.name}”已有 ${used.inUse} 条内容使用，不能删除，只能隐藏`);
    for (const c of removed) await q('delete from portal_categories where section = $1 and code = $2', [section, c.code]);
    // Names are unique per section: park the kept rows on a temporary name first, so a swap of two names saves.
    await q(`update portal_categories set name = '~' || code where section = $1`, [section]);
    const taken = new Set(before.map((c) => c.code));
    const added: string[] = [];
    let order = 0;
    for (const c of form.categories) {
      order++;
      if (c.code) {
        await q(
          'update portal_categories set name = $3, hidden = $4, sort_order = $5, updated_at = now() where section = $1 and code = $2',
          [section, c.code, c.name, c.hidden, order],
        );
      } else {
        const code = newCode(taken);
        taken.add(code);
        added.push(c.name);
        await q('insert into portal_categories (section, code, name, hidden, sort_order) values ($1, $2, $3, $4, $5)', [
          section,
          code,
          c.name,
          c.hidden,
          order,
        ]);
      }
    }
    const renamed = form.categories
      .filter((c) => c.code && byCode.get(c.code)!.name !== c.name)
      .map((c) => ({ code: c.code, from: byCode.get(c.code!)!.name, to: c.name }));
    const hiddenNow = form.categories.filter((c) => c.code && c.hidden && !byCode.get(c.code)!.hidden).map((c) => c.name);
    const shownNow = form.categories.filter((c) => c.code && !c.hidden && byCode.get(c.code)!.hidden).map((c) => c.name);
    await writeAudit(q, {
      actorId,
      action: 'category.save',
      targetType: 'category',
      targetId: null,
      detail: {
        section: PORTAL_SECTION_NAMES[section],
        added,
        renamed,
        removed: removed.map((c) => c.name),
        hidden: hiddenNow,
        shown: shownNow,
        order: [before.map((c) => c.name), form.categories.map((c) => c.name)],
      },
    });
  });
  return consoleCategories(db, section);
}

/**
 * Replaces the pinned items of one home block, in order. Only published items of the block's section can
 * be pinned (the home page shows published content only); an item unpublished later simply drops out.
 */
export async function saveHomePins(db: Database, actorId: number, key: string, itemIds: number[]) {
  const block = HOME_BLOCKS.find((b) => b.key === key);
  if (!block) throw notFound('首页区块不存在');
  if (new Set(itemIds).size !== itemIds.length) throw badRequest('置顶内容重复');
  if (itemIds.length > block.size) throw badRequest(`“${block.title}”最多置顶 ${block.size} 条（首页只显示 ${block.size} 条）`);
  await withTransaction(db, async (q) => {
    const before = await q<{ item_id: number }>('select item_id from home_pins where block = $1 order by position for update', [
      key,
    ]);
    const beforeIds = before.map((r) => r.item_id);
    const rows = itemIds.length
      ? await q<{ id: number; section: string; status: string }>(
          'select id, section, status from portal_items where id = any($1::int[])',
          [itemIds],
        )
      : [];
    for (const id of itemIds) {
      const row = rows.find((r) => r.id === id);
      if (!row || row.section !== block.section)
        throw badRequest(`内容 ${id} 不属于“${PORTAL_SECTION_NAMES[block.section]}”栏目`);
      // Already pinned items may stay while unpublished (they just do not show); new pins must be live.
      if (row.status !== 'published' && !beforeIds.includes(id)) throw badRequest(`内容 ${id} 尚未发布，只能置顶已发布的内容`);
    }
    await q('delete from home_pins where block = $1', [key]);
    let position = 0;
    for (const id of itemIds)
      await q('insert into home_pins (block, item_id, position, created_by) values ($1, $2, $3, $4)', [
        key,
        id,
        ++position,
        actorId,
      ]);
    await writeAudit(q, {
      actorId,
      action: 'home.pins',
      targetType: 'home_block',
      targetId: null,
      detail: { block: key, title: block.title, changes: { itemIds: [beforeIds, itemIds] } },
    });
  });
  return (await consoleHomeBlocks(db)).find((b) => b.key === key)!;
}
