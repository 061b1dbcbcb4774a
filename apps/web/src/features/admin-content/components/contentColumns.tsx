import { Link } from 'react-router';
import type { TableProps } from 'antd';
import type { ContentRow } from '@zs/shared/api/content';
import { formatDateTime } from '../../../lib/dates.ts';
import type { ListQuery, ListQueryPatch } from './useListQuery.ts';
import type { ConsoleSectionConfig } from './sections.ts';
import { StatusTag } from './StatusTag.tsx';

const SORTABLE: Record<string, 'updatedAt' | 'publishedAt' | 'title' | 'sort'> = {
  updatedAt: 'updatedAt',
  publishedAt: 'publishedAt',
  title: 'title',
  sort: 'sort',
};

/** The content list's columns; sorting is the server's, so a sortable column shows the order the URL asks for. */
export function contentColumns(config: ConsoleSectionConfig, q: ListQuery): TableProps<ContentRow>['columns'] {
  const sortable = (key: string) => ({
    key,
    sorter: true,
    sortOrder: q.sortBy === key ? (q.order === 'asc' ? ('ascend' as const) : ('descend' as const)) : null,
  });
  return [
    { title: '编号', dataIndex: 'id', width: 72 },
    {
      title: '标题',
      dataIndex: 'title',
      ...sortable('title'),
      render: (_, r) => (
        <Link to={`/admin/content/${config.name}/${r.id}`}>
          {r.title}
          {r.demo && <span className="content-demo">示例</span>}
        </Link>
      ),
    },
    { title: '分类', dataIndex: 'categoryName', width: 140 },
    {
      title: '状态',
      dataIndex: 'status',
      width: 120,
      // A scheduled item says when it goes out (issue 30), not just that it will.
      render: (_, r) => (
        <>
          <StatusTag status={r.status} />
          {r.status === 'scheduled' && r.publishedAt && (
            <span className="content-scheduled-at">{formatDateTime(r.publishedAt)} 发布</span>
          )}
        </>
      ),
    },
    {
      title: '发布时间（北京时间）',
      dataIndex: 'publishedAt',
      width: 178,
      ...sortable('publishedAt'),
      render: (v: string) => formatDateTime(v),
    },
    {
      title: '更新时间（北京时间）',
      dataIndex: 'updatedAt',
      width: 178,
      ...sortable('updatedAt'),
      render: (v: string) => formatDateTime(v),
    },
    { title: '更新人', dataIndex: 'updatedBy', width: 110, render: (v: string | null) => v ?? '—' },
    {
      title: '置顶',
      dataIndex: 'sort',
      width: 80,
      ...sortable('sort'),
    },
  ];
}

type TableChange = Parameters<NonNullable<TableProps<ContentRow>['onChange']>>;

/** The URL change a click on the pager or on a column header asks for. */
export function pageAndSortPatch(pagination: TableChange[0], sorter: TableChange[2]): ListQueryPatch {
  const s = Array.isArray(sorter) ? sorter[0] : sorter;
  const field = s?.order ? SORTABLE[String(s.columnKey)] : undefined;
  return {
    page: pagination.current ?? 1,
    size: pagination.pageSize ?? 20,
    sortBy: field ?? 'updatedAt',
    order: field ? (s!.order === 'ascend' ? 'asc' : 'desc') : 'desc',
  };
}
