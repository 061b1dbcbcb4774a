import { normalizeStandardNo } from '@zs/shared';
import type { Database } from '../../db/client.ts';
import { allItems } from './repository.ts';

export interface LinkedStandard {
  standardNo: string;
  /** Catalogue id when the number is in the catalogue, else null (shown unlinked). */
  id: number | null;
  nameZh: string | null;
}

export interface TreeNode {
  id: number;
  name: string;
  category: string | null;
  summary: string | null;
  demo: boolean;
  standards: LinkedStandard[];
  children: TreeNode[];
}

/**
 * Catalogue records by canonical number key: the standards module's standardsByNoKeys, handed in by
 * modules/index.ts (importing the catalogue here would make the chain of module imports too long).
 */
export type StandardsByNoKeys = (db: Database, keys: string[]) => Promise<Array<{ id: number; no_key: string; name_zh: string }>>;

/** The city's standard systems as a forest; leaf standard numbers resolve to catalogue records by canonical key. */
export async function standardSystemTree(db: Database, standardsByNoKeys: StandardsByNoKeys): Promise<TreeNode[]> {
  const rows = await allItems(db, 'standard_system_node');
  const keys = new Map<string, string>();
  for (const r of rows) {
    for (const no of (r.attrs.standardNos as string[] | undefined) ?? []) {
      const key = normalizeStandardNo(no)?.key;
      if (key) keys.set(no, key);
    }
  }
  const found = keys.size ? await standardsByNoKeys(db, [...new Set(keys.values())]) : [];
  const byKey = new Map(found.map((s) => [s.no_key, s]));
  const nodes = new Map<number, TreeNode & { parentId: number | null }>();
  for (const r of rows) {
    nodes.set(r.id, {
      id: r.id,
      name: r.title,
      category: r.category,
      summary: r.summary,
      demo: r.demo,
      parentId: (r.attrs.parentId as number | null | undefined) ?? null,
      standards: ((r.attrs.standardNos as string[] | undefined) ?? []).map((no) => {
        const s = byKey.get(keys.get(no) ?? '');
        return { standardNo: no, id: s ? Number(s.id) : null, nameZh: s?.name_zh ?? null };
      }),
      children: [],
    });
  }
  const roots: TreeNode[] = [];
  const inCycle = (start: number): boolean => {
    let cur = nodes.get(start)?.parentId ?? null;
    for (let steps = 0; cur !== null && steps <= nodes.size; steps += 1) {
      if (cur === start) return true;
      cur = nodes.get(cur)?.parentId ?? null;
    }
    return false;
  };
  for (const n of nodes.values()) {
    const parent = n.parentId !== null ? nodes.get(n.parentId) : undefined;
    // A node whose parent is missing, unpublished or part of a loop is shown at the top rather than lost.
    (parent && !inCycle(n.id) ? parent.children : roots).push(n);
  }
  const strip = (n: TreeNode & { parentId?: number | null }): TreeNode => {
    const { parentId: _p, ...rest } = n;
    return { ...rest, children: n.children.map(strip) };
  };
  return roots.map(strip);
}
