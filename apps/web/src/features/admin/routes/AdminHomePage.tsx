import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { AdminShell } from '../components/AdminShell.tsx';
import { applicationQueue, certificationQueue, listUsers, missingReports } from '../api/admin.ts';
import { useSession } from '../../../lib/session.ts';

interface Counts {
  pendingCerts?: number;
  submitted?: number;
  accepted?: number;
  reviewing?: number;
  users?: number;
  missing?: number;
}

const total = async (p: Promise<{ code: number; data: { total: number } }>) => {
  const res = await p.catch(() => null);
  return res && res.code === 0 ? res.data.total : undefined;
};

/** /admin: how much work waits in each queue. */
export default function AdminHomePage() {
  const role = useSession((s) => s.userInfo?.role);
  const staff = role === 'operator' || role === 'admin';
  const [counts, setCounts] = useState<Counts>({});

  useEffect(() => {
    if (!staff) return;
    let live = true;
    void Promise.all([
      total(certificationQueue({ status: 'pending', page: 1, size: 1 })),
      total(applicationQueue({ status: 'submitted', page: 1, size: 1 })),
      total(applicationQueue({ status: 'accepted', page: 1, size: 1 })),
      total(applicationQueue({ status: 'reviewing', page: 1, size: 1 })),
      total(listUsers({ page: 1 })),
      total(missingReports({ status: 'pending', page: 1, size: 1 })),
    ]).then(([pendingCerts, submitted, accepted, reviewing, users, missing]) => {
      if (live) setCounts({ pendingCerts, submitted, accepted, reviewing, users, missing });
    });
    return () => {
      live = false;
    };
  }, [staff]);

  const cards = [
    {
      label: '待审核企业认证',
      value: counts.pendingCerts,
      to: '/admin/certifications?status=pending',
      id: 'pending-certifications',
    },
    { label: '待受理申请', value: counts.submitted, to: '/admin/applications?status=submitted', id: 'submitted-applications' },
    { label: '已受理待审核申请', value: counts.accepted, to: '/admin/applications?status=accepted', id: 'accepted-applications' },
    { label: '审核中申请', value: counts.reviewing, to: '/admin/applications?status=reviewing', id: 'reviewing-applications' },
    { label: '待处理缺失标准反馈', value: counts.missing, to: '/admin/missing-reports', id: 'pending-missing-reports' },
    { label: '注册用户', value: counts.users, to: '/admin/users', id: 'users' },
  ];
  return (
    <AdminShell title="运营概览">
      <div className="admin-cards">
        {cards.map((c) => (
          <Link key={c.id} to={c.to} className="admin-card" data-testid={`count-${c.id}`}>
            <div>{c.label}</div>
            <div className="admin-card-count">{c.value ?? '—'}</div>
          </Link>
        ))}
      </div>
      {role === 'admin' && (
        <p>
          <Link to="/admin/audit-log">查看审计日志</Link>（认证与申请审核、账号状态与角色变更的记录）
        </p>
      )}
    </AdminShell>
  );
}
