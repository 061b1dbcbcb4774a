import { lazy, Suspense, useState } from 'react';
import { Button } from 'antd';
import { AdminShell } from '../../../components/admin/AdminShell.tsx';
import { Table, Tag } from '../../../components/admin/Table.tsx';
import { StatusTabs } from '../components/StatusTabs.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { REVIEW_STATUS_COLORS } from '../../../lib/requestStatus.ts';
import { certificationQueue, type CertRow } from '../api/review.ts';
import { useQueue } from '../../../components/admin/useQueue.ts';

// The detail drawer (antd Drawer, file preview) loads when a row is first opened.
const CertificationDrawer = lazy(() => import('../components/CertificationDrawer.tsx'));

const STATUSES = [
  { label: '待审核', value: 'pending' },
  { label: '已通过', value: 'approved' },
  { label: '已驳回', value: 'rejected' },
  { label: '全部', value: '' },
];

/** /admin/certifications: the certification queue by status, oldest first. */
export default function AdminCertificationsPage() {
  const { filters, setFilter, remote, table } = useQueue('certs', { status: 'pending' }, (f, p) =>
    certificationQueue({ status: f.status, page: p }),
  );
  const { status } = filters;
  const [open, setOpen] = useState<number | null>(null);

  return (
    <AdminShell title="企业认证审核">
      <div className="admin-panel">
        <StatusTabs label="认证状态" tabs={STATUSES} value={status} onChange={(value) => setFilter('status', value)} />
        <Table<CertRow>
          label="企业认证列表"
          {...table}
          columns={[
            { title: '企业名称', render: (r) => r.companyName },
            { title: '统一社会信用代码', render: (r) => r.creditCode },
            { title: '申请账号', render: (r) => r.username },
            { title: '提交时间', render: (r) => formatDateTime(r.submittedAt) },
            { title: '状态', render: (r) => <Tag color={REVIEW_STATUS_COLORS[r.status]}>{r.statusName}</Tag> },
            {
              title: '操作',
              render: (r) => (
                <Button type="link" size="small" onClick={() => setOpen(r.id)} aria-label={`审核 ${r.companyName}`}>
                  {r.status === 'pending' ? '审核' : '查看'}
                </Button>
              ),
            },
          ]}
        />
      </div>
      {open !== null && (
        <Suspense fallback={null}>
          <CertificationDrawer
            id={open}
            onClose={() => setOpen(null)}
            onDone={() => {
              setOpen(null);
              remote.reload();
            }}
          />
        </Suspense>
      )}
    </AdminShell>
  );
}
