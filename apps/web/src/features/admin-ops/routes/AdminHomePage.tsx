import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { AdminShell } from '../../../components/admin/AdminShell.tsx';

import { dashboard } from '../api/ops.ts';
import { useRemote } from '../../../lib/useRemote.ts';
import { useSession } from '../../../lib/session.ts';
import { DashboardCards } from '../components/DashboardCards.tsx';
import { DashboardRankings } from '../components/DashboardRankings.tsx';
import { ProductStandardExposure } from '../components/ProductStandardExposure.tsx';

// ECharts loads after the figures, in its own chunk.
const TrendChart = lazy(() => import('../components/TrendChart.tsx').then((m) => ({ default: m.TrendChart })));

/** /admin: waiting work with links, figures, 30-day trends, search demand and the most collected standards. */
export default function AdminHomePage() {
  const role = useSession((s) => s.userInfo?.role);
  const staff = role === 'operator' || role === 'admin';
  const { data: d } = useRemote(staff ? 'dashboard' : null, dashboard);
  return (
    <AdminShell title="运营概览">
      {d?.healthRed && (
        <p role="alert" className="admin-panel admin-level-red">
          网站检查有红色项目，<Link to="/admin/health">查看网站检查</Link>
        </p>
      )}
      <DashboardCards d={d} />
      {d && (
        <>
          <Suspense fallback={<p className="admin-empty">图表加载中…</p>}>
            <div className="admin-charts" style={{ marginTop: 16 }}>
              <TrendChart
                title="近 30 天注册与申请"
                series={[
                  { name: '注册', points: d.trends.registrations },
                  { name: '申请', points: d.trends.applications },
                ]}
              />
              <TrendChart title="近 30 天检索次数" series={[{ name: '检索', points: d.trends.searches }]} />
            </div>
          </Suspense>
          <DashboardRankings d={d} />
        </>
      )}
      {staff && <ProductStandardExposure />}
      {role === 'admin' && (
        <p>
          <Link to="/admin/audit-log">查看审计日志</Link>
        </p>
      )}
    </AdminShell>
  );
}
