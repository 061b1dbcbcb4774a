import { Button } from 'antd';
import { CategoryRow } from './CategoryRow.tsx';
import { useCategoryRows } from './useCategoryRows.ts';

/**
 * The office's category list of one section (docs/decisions/0060): rename, reorder, hide, add, delete.
 * A category that items use can only be hidden; the server refuses the deletion with the same message.
 */
export function CategoryEditor({ section, label }: { section: string; label: string }) {
  const { rows, error, busy, change, move, remove, add, save } = useCategoryRows(section);

  if (error) return <p role="alert">{error}</p>;
  if (!rows) return <p className="admin-empty">加载中…</p>;

  return (
    <section className="admin-panel layout-panel" aria-label={`${label}类别`}>
      <h2>{label} · 产品类别</h2>
      <p className="admin-hint">
        顺序即前台显示顺序。已有内容使用的类别不能删除，只能隐藏：隐藏后前台列表和申请表不再显示，已有内容仍保留该类别。
      </p>
      <ol className="category-rows">
        {rows.map((r, i) => (
          <CategoryRow
            key={r.key}
            row={r}
            index={i}
            count={rows.length}
            onChange={(patch) => change(i, patch)}
            onMove={(by) => move(i, by)}
            onRemove={() => remove(i)}
          />
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
