import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button, Input, Select, Space, Table, type TableProps } from 'antd';
import { CONTENT_STATUS_LABELS, CONTENT_STATUSES, type ContentRow } from '@zs/shared/api/content';
import { toast } from '../../../lib/feedback.ts';
import { useRemote } from '../../../lib/useRemote.ts';
import { contentApi } from '../api/content.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import type { ConsoleSectionConfig } from './sections.ts';
import { useConsoleCategories } from './useConsoleCategories.ts';
import { StatusTag } from './StatusTag.tsx';

const SORTABLE: Record<string, 'updatedAt' | 'publishedAt' | 'title' | 'sort'> = {
  updatedAt: 'updatedAt',
  publishedAt: 'publishedAt',
  title: 'title',
  sort: 'sort',
};

/** The one content list: search, status and category filters, sorting, paging, bulk publish/unpublish. */
export function ContentList({ config }: { config: ConsoleSectionConfig }) {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const categories = useConsoleCategories(config);
  const q = {
    keyword: params.get('keyword') ?? '',
    status: params.get('status') ?? '',
    category: params.get('category') ?? '',
    sortBy: params.get('sortBy') ?? 'updatedAt',
    order: params.get('order') ?? 'desc',
    page: Number(params.get('page') ?? 1) || 1,
    size: Number(params.get('size') ?? 20) || 20,
  };
  const [selected, setSelected] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  const key = `${config.name}?${params.toString()}`;
  const remote = useRemote(key, () => contentApi.list(config.name, q as never));

  const set = (patch: Record<string, string | number>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v === '' || v === undefined) next.delete(k);
      else next.set(k, String(v));
    }
    if (!('page' in patch)) next.delete('page');
    setParams(next, { replace: true });
  };

  const bulk = async (action: 'publish' | 'unpublish') => {
    setBusy(true);
    try {
      const res = await contentApi.bulk(config.name, selected, action);
      if (res.code !== 0) return toast.error(res.msg);
      const { changed, pending, skipped } = res.data;
      toast.success(
        `${action === 'publish' ? '发布' : '下线'} ${changed} 条${pending ? `，${pending} 条已提交审核` : ''}${skipped ? `，${skipped} 条无需处理` : ''}`,
      );
      setSelected([]);
      remote.reload();
    } finally {
      setBusy(false);
    }
  };

  // Server-side sorting: the column shows the order the URL asks for.
  const sortable = (key: string) => ({
    key,
    sorter: true,
    sortOrder: q.sortBy === key ? (q.order === 'asc' ? ('ascend' as const) : ('descend' as const)) : null,
  });
  const columns: TableProps<ContentRow>['columns'] = [
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
    { title: '状态', dataIndex: 'status', width: 100, render: (_, r) => <StatusTag status={r.status} /> },
    {
      title: '发布时间',
      dataIndex: 'publishedAt',
      width: 150,
      ...sortable('publishedAt'),
      render: (v: string) => formatDateTime(v),
    },
    {
      title: '更新时间',
      dataIndex: 'updatedAt',
      width: 150,
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

  return (
    <div className="admin-panel">
      <div className="content-toolbar">
        <Space wrap>
          <Input.Search
            aria-label="搜索标题或内容"
            placeholder="搜索标题、摘要或栏目字段"
            allowClear
            defaultValue={q.keyword}
            onSearch={(v) => set({ keyword: v.trim() })}
            style={{ width: 280 }}
          />
          <Select
            aria-label="状态"
            value={q.status}
            onChange={(v) => set({ status: v })}
            style={{ width: 130 }}
            options={[
              { value: '', label: '全部状态' },
              ...CONTENT_STATUSES.map((s) => ({ value: s, label: CONTENT_STATUS_LABELS[s] })),
            ]}
          />
          <Select
            aria-label="分类"
            value={q.category}
            onChange={(v) => set({ category: v })}
            style={{ width: 180 }}
            options={[{ value: '', label: '全部分类' }, ...categories.map((c) => ({ value: c.code, label: c.name }))]}
          />
        </Space>
        <Space wrap>
          <Button disabled={!selected.length} loading={busy} onClick={() => void bulk('publish')}>
            批量发布{selected.length ? `（${selected.length}）` : ''}
          </Button>
          <Button disabled={!selected.length} loading={busy} onClick={() => void bulk('unpublish')}>
            批量下线
          </Button>
          <Button type="primary" onClick={() => navigate(`/admin/content/${config.name}/new`)}>
            新建{config.noun}
          </Button>
        </Space>
      </div>
      {remote.error && (
        <p role="alert" className="admin-empty">
          {remote.error}
        </p>
      )}
      <Table<ContentRow>
        rowKey="id"
        size="middle"
        loading={remote.loading}
        dataSource={remote.data?.list}
        columns={columns}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
        locale={{ emptyText: '暂无内容' }}
        pagination={{
          current: q.page,
          pageSize: q.size,
          total: remote.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
          showTotal: (total) => `共 ${total} 条`,
        }}
        onChange={(pagination, _filters, sorter) => {
          const s = Array.isArray(sorter) ? sorter[0] : sorter;
          const field = s?.order ? SORTABLE[String(s.columnKey)] : undefined;
          set({
            page: pagination.current ?? 1,
            size: pagination.pageSize ?? 20,
            sortBy: field ?? 'updatedAt',
            order: field ? (s!.order === 'ascend' ? 'asc' : 'desc') : 'desc',
          });
        }}
      />
    </div>
  );
}
