import { useNavigate } from 'react-router';
import { Button, Input, Select, Space } from 'antd';
import { CONTENT_STATUS_LABELS, CONTENT_STATUSES } from '@zs/shared/api/content';
import type { ConsoleSectionConfig } from './sections.ts';
import type { BulkAction } from './useBulkAction.ts';
import type { ListQuery, ListQueryPatch } from './useListQuery.ts';
import { useConsoleCategories } from './useConsoleCategories.ts';

interface Props {
  config: ConsoleSectionConfig;
  q: ListQuery;
  set: (patch: ListQueryPatch) => void;
  /** How many rows are selected. */
  selected: number;
  busy: boolean;
  onBulk: (action: BulkAction) => void;
}

/** Above the content list: search, status and category filters; bulk actions and 新建. */
export function ContentListToolbar({ config, q, set, selected, busy, onBulk }: Props) {
  const navigate = useNavigate();
  const categories = useConsoleCategories(config);
  return (
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
        <Button disabled={!selected} loading={busy} onClick={() => onBulk('publish')}>
          批量发布{selected ? `（${selected}）` : ''}
        </Button>
        <Button disabled={!selected} loading={busy} onClick={() => onBulk('unpublish')}>
          批量下线
        </Button>
        <Button type="primary" onClick={() => navigate(`/admin/content/${config.name}/new`)}>
          新建{config.noun}
        </Button>
      </Space>
    </div>
  );
}
