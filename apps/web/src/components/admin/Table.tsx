import type { ReactNode } from 'react';
import { Button } from 'antd';

export interface Column<T> {
  title: string;
  render: (row: T) => ReactNode;
}

/** A plain table with previous/next paging (antd Table alone would exceed the route's JS budget). */
export function Table<T extends { id: number }>({
  label,
  rows,
  columns,
  loading,
  error,
  page,
  total,
  size = 10,
  onPage,
}: {
  label: string;
  rows: T[] | undefined;
  columns: Column<T>[];
  loading: boolean;
  error: string | null;
  page: number;
  total: number;
  size?: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / size));
  return (
    <>
      {error && (
        <p role="alert" className="admin-empty">
          {error}
        </p>
      )}
      {/* Focusable: on a phone a wide table scrolls sideways, and keyboard users must be able to scroll it. */}
      <div className="admin-table-wrap" tabIndex={0} role="region" aria-label={`${label}（可横向滚动）`}>
        <table className="admin-table" aria-label={label} aria-busy={loading}>
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c.title} scope="col">
                  {c.title}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {(rows ?? []).map((r) => (
              <tr key={r.id}>
                {columns.map((c) => (
                  <td key={c.title}>{c.render(r)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {rows && rows.length === 0 && !loading && <p className="admin-empty">暂无数据</p>}
      {loading && !rows && <p className="admin-empty">加载中…</p>}
      <div className="admin-pager">
        <span>
          共 {total} 条，第 {page}/{pages} 页
        </span>
        <Button size="small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          上一页
        </Button>
        <Button size="small" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          下一页
        </Button>
      </div>
    </>
  );
}

export { Tag } from '../tag/Tag.tsx';
