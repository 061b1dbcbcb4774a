import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import type { SiteHealth } from '@zs/shared/api/admin-dashboard';

// Admins only, on demand (keeps the entry's preload map short, see apps/web/scripts/report-sizes.mjs).
const ReviewLimitsPanel = lazy(() => import('./ReviewLimitsPanel.tsx').then((m) => ({ default: m.ReviewLimitsPanel })));

/** Waiting items past their limit, with links to handle them; admins also set the limits here. */
export function OverduePanel({
  overdue,
  admin,
  onLimitsSaved,
}: {
  overdue: SiteHealth['overdue'];
  admin: boolean;
  onLimitsSaved: () => void;
}) {
  return (
    <section className="admin-panel" aria-label="超期待办">
      <h2>超期未处理{admin ? '' : '（期限由管理员设置）'}</h2>
      <ul>
        {overdue.map((o) => (
          <li key={o.key} className={o.count ? 'admin-level-red' : 'admin-level-green'}>
            {o.limitDays > 0 ? `${o.label}超过 ${o.limitDays} 天未处理` : o.label}：{o.count} 条{' '}
            {o.count > 0 && <Link to={o.link}>去处理</Link>}
          </li>
        ))}
      </ul>
      {admin && (
        <Suspense fallback={null}>
          <ReviewLimitsPanel onSaved={onLimitsSaved} />
        </Suspense>
      )}
    </section>
  );
}
