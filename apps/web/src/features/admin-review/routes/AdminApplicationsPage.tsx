import { lazy, Suspense, useState } from 'react';
import { Button } from 'antd';
import { APPLICATION_KIND_LABELS, APPLICATION_KINDS, APPLICATION_STATUS_LABELS, APPLICATION_STATUSES } from '@zs/shared/portal';
import { AdminShell } from '../../../components/admin/AdminShell.tsx';
import { Table, Tag } from '../../../components/admin/Table.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { APPLICATION_STATUS_COLORS } from '../../../lib/requestStatus.ts';
import { applicationQueue, type AppRow } from '../api/review.ts';
import { useQueue } from '../../../components/admin/useQueue.ts';
import { FilterSelect } from '../../../components/admin/FilterSelect.tsx';

// The detail drawer loads when a row is first opened.
const ApplicationDrawer = lazy(() => import('../components/ApplicationDrawer.tsx'));

/** /admin/applications: applications and sign-ups by status and kind, oldest first. */
export default function AdminApplicationsPage() {
  const { filters, setFilter, remote, table } = useQueue('apps', { status: '', kind: '' }, (f, p) =>
    applicationQueue({ status: f.status, kind: f.kind, page: p }),
  );
  const { status, kind } = filters;
  const [open, setOpen] = useState<number | null>(null);

  return (
    <AdminShell title="申请审核">
      <div className="admin-panel">
        <div className="admin-filters">
          <FilterSelect
            label="申请状态"
            allLabel="全部状态"
            value={status}
            options={APPLICATION_STATUSES.map((s) => [s, APPLICATION_STATUS_LABELS[s]] as const)}
            onChange={(v) => setFilter('status', v)}
          />
          <FilterSelect
            label="申请类型"
            allLabel="全部类型"
            value={kind}
            options={APPLICATION_KINDS.map((k) => [k, APPLICATION_KIND_LABELS[k]] as const)}
            onChange={(v) => setFilter('kind', v)}
          />
        </div>
        <Table<AppRow>
          label="申请列表"
          {...table}
          columns={[
            { title: '编号', render: (r) => r.referenceNo },
            { title: '类型', render: (r) => r.kindName },
            { title: '对象', render: (r) => r.refTitle ?? '—' },
            { title: '申请账号', render: (r) => r.username },
            { title: '提交时间', render: (r) => formatDateTime(r.createdAt) },
            { title: '状态', render: (r) => <Tag color={APPLICATION_STATUS_COLORS[r.status]}>{r.statusName}</Tag> },
            {
              title: '操作',
              render: (r) => (
                <Button type="link" size="small" onClick={() => setOpen(r.id)} aria-label={`处理 ${r.referenceNo}`}>
                  处理
                </Button>
              ),
            },
          ]}
        />
      </div>
      {open !== null && (
        <Suspense fallback={null}>
          <ApplicationDrawer id={open} onClose={() => setOpen(null)} onDone={remote.reload} />
        </Suspense>
      )}
    </AdminShell>
  );
}
