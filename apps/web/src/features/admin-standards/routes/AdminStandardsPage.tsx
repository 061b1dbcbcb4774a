import { useState } from 'react';
import { Button, Input, Select } from 'antd';
import { Link, useNavigate } from 'react-router';
import { STANDARD_STATUS_LABELS, STANDARD_STATUSES, standardStatusColor } from '@zs/shared/standards';
import type { z } from 'zod';
import type { AdminStandardRow } from '@zs/shared/api/admin-standards';
import { AdminShell } from '../../../components/admin/AdminShell.tsx';
import { Table, Tag } from '../../../components/admin/Table.tsx';
import { useQueue } from '../../../components/admin/useQueue.ts';
import { searchStandards } from '../api/standards.ts';
import { formatDate } from '../../../lib/dates.ts';

type Row = z.infer<typeof AdminStandardRow>;

/** /admin/standards: find any record by number or title, open it for editing, or add one by hand. */
export default function AdminStandardsPage() {
  const navigate = useNavigate();
  const { filters, setFilter, table } = useQueue('standards', { keyword: '', status: '' }, (f, p) =>
    searchStandards({ keyword: f.keyword, status: f.status, page: p }),
  );
  const [keyword, setKeyword] = useState(filters.keyword);
  return (
    <AdminShell title="标准库管理">
      <div className="admin-panel">
        <div className="admin-filters">
          <Input.Search
            aria-label="标准编号或名称"
            placeholder="标准编号或名称"
            style={{ width: 320 }}
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
            onSearch={(v) => setFilter('keyword', v.trim())}
            enterButton="检索"
          />
          <Select
            aria-label="标准状态"
            style={{ width: 140 }}
            value={filters.status}
            onChange={(v) => setFilter('status', v)}
            options={[
              { value: '', label: '全部状态' },
              ...STANDARD_STATUSES.map((s) => ({ value: s, label: STANDARD_STATUS_LABELS[s] })),
            ]}
          />
          <Button type="primary" onClick={() => navigate('/admin/standards/edit')}>
            新增标准
          </Button>
        </div>
        <Table<Row>
          label="标准列表"
          {...table}
          size={20}
          columns={[
            { title: '标准编号', render: (r) => <Link to={`/admin/standards/edit?id=${r.id}`}>{r.standardNo}</Link> },
            { title: '标准名称', render: (r) => r.nameZh },
            // The same coloured tag as the public record (issue 30).
            {
              title: '状态',
              render: (r) => (
                <Tag color={standardStatusColor(r.status)} testId="standard-row-status">
                  {STANDARD_STATUS_LABELS[r.status]}
                </Tag>
              ),
            },
            { title: '实施日期', render: (r) => r.implementDate ?? '—' },
            { title: '更新时间', render: (r) => formatDate(r.updatedAt) },
          ]}
        />
      </div>
    </AdminShell>
  );
}
