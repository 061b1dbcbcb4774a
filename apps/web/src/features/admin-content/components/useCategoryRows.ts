import { useEffect, useState } from 'react';
import { CategoryListForm, type ConsoleCategory } from '@zs/shared/api/console-layout';
import { layoutApi } from '../api/layout.ts';
import { toast } from '../../../lib/feedback.ts';

export type CategoryRowValue = { code: string | null; name: string; hidden: boolean; inUse: number; key: string };

let nextKey = 0;
const rowsOf = (list: ConsoleCategory[]): CategoryRowValue[] => list.map((c) => ({ ...c, key: c.code }));

/**
 * One section's category list as loaded and edited: rename or hide (change), reorder (move), delete
 * (refused while items use the category), add, save. `rows` is null until the list has loaded.
 */
export function useCategoryRows(section: string) {
  const [rows, setRows] = useState<CategoryRowValue[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void layoutApi.categories(section).then(
      (r) => (r.code === 0 ? setRows(rowsOf(r.data)) : setError(r.msg || '加载失败')),
      () => setError('加载失败'),
    );
  }, [section]);

  // The actions are only offered once the list has loaded.
  const list = rows ?? [];
  const change = (i: number, patch: Partial<CategoryRowValue>) => setRows(list.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const move = (i: number, by: -1 | 1) => {
    const next = [...list];
    [next[i], next[i + by]] = [next[i + by]!, next[i]!];
    setRows(next);
  };
  const remove = (i: number) => {
    const r = list[i]!;
    if (r.inUse > 0) return toast.warning(`类别“${r.name}”已有 ${r.inUse} 条内容使用，不能删除，只能隐藏`);
    setRows(list.filter((_, j) => j !== i));
  };
  const add = () => setRows([...list, { code: null, name: '', hidden: false, inUse: 0, key: `new-${nextKey++}` }]);
  const save = async () => {
    const body = { categories: list.map((r) => ({ code: r.code, name: r.name, hidden: r.hidden })) };
    const parsed = CategoryListForm.safeParse(body);
    if (!parsed.success) return toast.error(parsed.error.issues[0]!.message);
    setBusy(true);
    const r = await layoutApi.saveCategories(section, body).catch(() => null);
    setBusy(false);
    if (!r || r.code !== 0) return toast.error(r?.msg || '保存失败');
    setRows(rowsOf(r.data));
    toast.success('类别已保存，前台刷新页面即可看到');
  };

  return { rows, error, busy, change, move, remove, add, save };
}
