import { useState } from 'react';
import { AdminShell } from '../../../components/admin/AdminShell.tsx';
import { Table } from '../../../components/admin/Table.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { actionName, AUDIT_ACTIONS, detailText, TARGETS, targetName } from '../components/audit.ts';
import type { AuditRow } from '@zs/shared/api/admin-users';
import { auditLog } from '../api/users.ts';
import { useRemote } from '../../../lib/useRemote.ts';
import { useSession } from '../../../lib/session.ts';
import { FilterSelect } from '../../../components/admin/FilterSelect.tsx';
import { DayPicker } from '../../../components/admin/DayPicker.tsx';

/** /admin/audit-log: who decided or changed what, newest first (admins only, like the API). */
export default function AdminAuditLogPage() {
  const [action, setAction] = useState('');
  const [page, setPage] = useState(1);
  // Person, object and date filters: typed values apply on 筛选 (or Enter).
  const [typed, setTyped] = useState({ actor: '', targetType: '', targetId: '', from: '', to: '' });
  const [f, setF] = useState(typed);
  const admin = useSession((s) => s.userInfo?.role === 'admin');
  const remote = useRemote(admin ? `audit:${action}:${page}:${JSON.stringify(f)}` : null, () =>
    auditLog({ action: action || undefined, page, size: 20, ...Object.fromEntries(Object.entries(f).filter(([, v]) => v)) }),
  );
  const field = (key: keyof typeof typed, label: string, placeholder: string) => (
    <input
      aria-label={label}
      placeholder={placeholder}
      value={typed[key]}
      onChange={(e) => setTyped({ ...typed, [key]: e.target.value.trim() })}
    />
  );

  return (
    <AdminShell title="审计日志" adminOnly>
      <div className="admin-panel">
        <div className="admin-filters">
          <FilterSelect
            label="操作类型"
            allLabel="全部操作"
            value={action}
            options={Object.entries(AUDIT_ACTIONS)}
            onChange={(v) => {
              setAction(v);
              setPage(1);
            }}
          />
          <form
            className="admin-filters"
            role="search"
            onSubmit={(e) => {
              e.preventDefault();
              setF(typed);
              setPage(1);
            }}
          >
            {field('actor', '操作人', '操作人用户名或手机号')}
            <FilterSelect
              label="对象类型"
              allLabel="全部对象"
              value={typed.targetType}
              options={Object.entries(TARGETS)}
              onChange={(v) => setTyped({ ...typed, targetType: v })}
            />
            {field('targetId', '对象编号', '对象编号')}
            {(['from', 'to'] as const).map((key) => (
              <span key={key} className="admin-filter-day">
                <DayPicker
                  label={key === 'from' ? '开始日期' : '结束日期'}
                  placeholder={key === 'from' ? '开始日期' : '结束日期'}
                  value={typed[key]}
                  onChange={(v) => setTyped({ ...typed, [key]: v })}
                />
              </span>
            ))}
            <button type="submit">筛选</button>
          </form>
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
            { title: '时间', render: (r) => formatDateTime(r.createdAt) },
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
