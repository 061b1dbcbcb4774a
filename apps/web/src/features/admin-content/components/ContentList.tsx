import { useState } from 'react';
import { Table } from 'antd';
import type { ContentRow } from '@zs/shared/api/content';
import { useRemote } from '../../../lib/useRemote.ts';
import { contentApi } from '../api/content.ts';
import type { ConsoleSectionConfig } from './sections.ts';
import { ContentListToolbar } from './ContentListToolbar.tsx';
import { contentColumns, pageAndSortPatch } from './contentColumns.tsx';
import { useBulkAction } from './useBulkAction.ts';
import { useListQuery } from './useListQuery.ts';

/** The one content list: search, status and category filters, sorting, paging, bulk publish/unpublish. */
export function ContentList({ config }: { config: ConsoleSectionConfig }) {
  const { q, search, set } = useListQuery();
  const [selected, setSelected] = useState<number[]>([]);
  const remote = useRemote(`${config.name}?${search}`, () => contentApi.list(config.name, q as never));
  const { busy, bulk } = useBulkAction(config, selected, () => {
    setSelected([]);
    remote.reload();
  });

  return (
    <div className="admin-panel">
      <ContentListToolbar
        config={config}
        q={q}
        set={set}
        selected={selected.length}
        busy={busy}
        onBulk={(action) => void bulk(action)}
      />
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
        columns={contentColumns(config, q)}
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
        onChange={(pagination, _filters, sorter) => set(pageAndSortPatch(pagination, sorter))}
      />
    </div>
  );
}
