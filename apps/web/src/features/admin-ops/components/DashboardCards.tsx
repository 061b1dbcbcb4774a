import { Link } from 'react-router';
import type { Dashboard } from '@zs/shared/api/admin-dashboard';

/** Waiting work as links (a placeholder card until the figures arrive), then the headline figures. */
export function DashboardCards({ d }: { d: Dashboard | null | undefined }) {
  const waiting = d?.waiting;
  return (
    <div className="admin-cards">
      {(
        waiting ?? [
          { key: 'certifications', label: '待审核企业认证', link: '/admin/certifications?status=pending', count: undefined },
        ]
      ).map((c) => (
        <Link
          key={c.key}
          to={c.link}
          className={'overdue' in c && c.overdue && c.count ? 'admin-card admin-card-overdue' : 'admin-card'}
          data-testid={`count-pending-${c.key}`}
        >
          <div>{c.label}</div>
          <div className="admin-card-count">{c.count ?? '—'}</div>
        </Link>
      ))}
      {d && (
        <>
          <div className="admin-card">
            <div>注册用户</div>
            <div className="admin-card-count">{d.figures.users}</div>
          </div>
          <div className="admin-card">
            <div>标准总数</div>
            <div className="admin-card-count">{d.figures.standards}</div>
          </div>
          <div className="admin-card">
            <div>近 30 天检索</div>
            <div className="admin-card-count">{d.figures.searches30d}</div>
          </div>
        </>
      )}
    </div>
  );
}
