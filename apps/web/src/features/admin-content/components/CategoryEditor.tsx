import { useEffect, useState } from 'react';
import { Button, Input } from 'antd';
import { CategoryListForm, type ConsoleCategory } from '@zs/shared/api/console-layout';
import { layoutApi } from '../api/layout.ts';
import { toast } from '../../../lib/feedback.ts';

type Row = { code: string | null; name: string; hidden: boolean; inUse: number; key: string };

let nextKey = 0;
const rowsOf = (list: ConsoleCategory[]): Row[] => list.map((c) => ({ ...c, key: c.code }));

/**
 * The office's category list of one section (docs/decisions/0060): rename, reorder, hide, add, delete.
 * A category that items use can only be hidden; the server refuses the deletion with the same message.
 */
export function CategoryEditor({ section, label }: { section: string; label: string }) {
  const [rows, setRows] = useState<Row[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void layoutApi.categories(section).then(
      (r) => (r.code === 0 ? setRows(rowsOf(r.data)) : setError(r.msg || '加载失败')),
      () => setError('加载失败'),
    );
  }, [section]);

  if (error) return <p role="alert">{error}</p>;
  if (!rows) return <p className="admin-empty">加载中…</p>;

  const change = (i: number, patch: Partial<Row>) => setRows(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const move = (i: number, by: -1 | 1) => {
    const next = [...rows];
    [next[i], next[i + by]] = [next[i + by]!, next[i]!];
    setRows(next);
  };
  const remove = (i: number) => {
    const r = rows[i]!;
    if (r.inUse > 0) return toast.warning(`类别“${r.name}”已有 ${r.inUse} 条内容使用，不能删除，只能隐藏`);
    setRows(rows.filter((_, j) => j !== i));
  };
  const add = () => setRows([...rows, { code: null, name: '', hidden: false, inUse: 0, key: `new-${nextKey++}` }]);
  const save = async () => {
    const body = { categories: rows.map((r) => ({ code: r.code, name: r.name, hidden: r.hidden })) };
    const parsed = CategoryListForm.safeParse(body);
    if (!parsed.success) return toast.error(parsed.error.issues[0]!.message);
    setBusy(true);
    const r = await layoutApi.saveCategories(section, body).catch(() => null);
    setBusy(false);
    if (!r || r.code !== 0) return toast.error(r?.msg || '保存失败');
    setRows(rowsOf(r.data));
    toast.success('类别已保存，前台刷新页面即可看到');
  };

  return (
    <section className="admin-panel layout-panel" aria-label={`${label}类别`}>
      <h2>{label} · 产品类别</h2>
      <p className="admin-hint">
        顺序即前台显示顺序。已有内容使用的类别不能删除，只能隐藏：隐藏后前台列表和申请表不再显示，已有内容仍保留该类别。
      </p>
      <ol className="category-rows">
        {rows.map((r, i) => (
          <li key={r.key} className={r.hidden ? 'is-hidden' : undefined} data-testid="category-row">
            <span className="category-order">{i + 1}</span>
            <Input
              aria-label={`第 ${i + 1} 个类别名称`}
              value={r.name}
              maxLength={20}
              placeholder="类别名称"
              onChange={(e) => change(i, { name: e.target.value })}
            />
            <span className="category-use">{r.code ? `${r.inUse} 条内容` : '新增'}</span>
            <label className="category-hide">
              <input
                type="checkbox"
                checked={r.hidden}
                onChange={(e) => change(i, { hidden: e.target.checked })}
                aria-label={`隐藏“${r.name}”`}
              />
              隐藏
            </label>
            <Button size="small" disabled={i === 0} onClick={() => move(i, -1)} aria-label={`上移“${r.name}”`}>
              上移
            </Button>
            <Button size="small" disabled={i === rows.length - 1} onClick={() => move(i, 1)} aria-label={`下移“${r.name}”`}>
              下移
            </Button>
            <Button size="small" danger onClick={() => remove(i)} aria-label={`删除“${r.name}”`}>
              删除
            </Button>
          </li>
        ))}
      </ol>
      <div className="layout-actions">
        <Button onClick={add}>新增类别</Button>
        <Button type="primary" loading={busy} onClick={() => void save()}>
          保存类别
        </Button>
      </div>
    </section>
  );
}
