import { useState } from 'react';
import { AdminShell } from '../components/AdminShell.tsx';
import { Table } from '../components/Table.tsx';
import { dateTime } from '../components/format.ts';
import { actionName, AUDIT_ACTIONS, detailText, targetName } from '../components/audit.ts';
import { auditLog, type AuditRow } from '../api/admin.ts';
import { useRemote } from '../../../lib/useRemote.ts';
import { useSession } from '../../../lib/session.ts';

/** /admin/audit-log: who decided or changed what, newest first (admins only, like the API). */
export default function AdminAuditLogPage() {
  const [action, setAction] = useState('');
  const [page, setPage] = useState(1);
  const admin = useSession((s) => s.userInfo?.role === 'admin');
  const remote = useRemote(admin ? `audit:${action}:${page}` : null, () => auditLog({ action, page }));

  return (
    <AdminShell title="审计日志" adminOnly>
      <div className="admin-panel">
        <div className="admin-filters">
          <select
            aria-label="操作类型"
            value={action}
            onChange={(e) => {
              setAction(e.target.value);
              setPage(1);
            }}
          >
            <option value="">全部操作</option>
            {Object.entries(AUDIT_ACTIONS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <Table<AuditRow>
          label="审计日志"
          rows={remote.data?.list}
          loading={remote.loading}
          error={remote.error}
          page={page}
          size={20}
          total={remote.data?.total ?? 0}
          onPage={setPage}
          columns={[
            { title: '时间', render: (r) => dateTime(r.createdAt) },
            { title: '操作人', render: (r) => r.actorName ?? (r.actorId === null ? '系统' : `#${r.actorId}`) },
            { title: '操作', render: (r) => actionName(r.action) },
            { title: '对象', render: (r) => targetName(r.targetType, r.targetId) },
            { title: '详情', render: (r) => <p className="admin-detail">{detailText(r.action, r.detail)}</p> },
          ]}
        />
      </div>
    </AdminShell>
  );
}
