import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { AdminShell } from '../../../components/admin/AdminShell.tsx';

import { dashboard } from '../api/ops.ts';
import { useRemote } from '../../../lib/useRemote.ts';
import { useSession } from '../../../lib/session.ts';

// ECharts loads after the figures, in its own chunk.
const TrendChart = lazy(() => import('../components/TrendChart.tsx').then((m) => ({ default: m.TrendChart })));

function Ranking({
  title,
  rows,
  empty,
}: {
  title: string;
  rows: { key: string; label: React.ReactNode; count: number }[];
  empty: string;
}) {
  return (
    <section className="admin-panel" aria-label={title}>
      <h2>{title}</h2>
      <ol>
        {rows.map((r) => (
          <li key={r.key}>
            {r.label}（{r.count}）
          </li>
        ))}
      </ol>
      {rows.length === 0 && <p className="admin-empty">{empty}</p>}
    </section>
  );
}

/** /admin: waiting work with links, figures, 30-day trends, search demand and the most collected standards. */
export default function AdminHomePage() {
  const role = useSession((s) => s.userInfo?.role);
  const staff = role === 'operator' || role === 'admin';
  const { data: d } = useRemote(staff ? 'dashboard' : null, dashboard);
  const waiting = d?.waiting;
  return (
    <AdminShell title="运营概览">
      {d?.healthRed && (
        <p role="alert" className="admin-panel admin-level-red">
          网站检查有红色项目，<Link to="/admin/health">查看网站检查</Link>
        </p>
      )}
      <div className="admin-cards">
        {(
          waiting ?? [
            { key: 'certifications', label: '待审核企业认证', link: '/admin/certifications?status=pending', count: undefined },
          ]
        ).map((c) => (
          <Link key={c.key} to={c.link} className="admin-card" data-testid={`count-pending-${c.key}`}>
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
          <div className="admin-grid-2" style={{ marginTop: 16 }}>
            <Ranking
              title="热门检索词"
              empty="近 30 天暂无检索"
              rows={d.topQueries.map((q) => ({ key: q.query, label: q.query, count: q.count }))}
            />
            <Ranking
              title="无结果的检索词（标准库可能缺少）"
              empty="近 30 天没有无结果的检索"
              rows={d.zeroResultQueries.map((q) => ({ key: q.query, label: q.query, count: q.count }))}
            />
            <Ranking
              title="收藏最多的标准"
              empty="暂无收藏"
              rows={d.topCollected.map((s) => ({
                key: String(s.id),
                label: <Link to={`/admin/standards/edit?id=${s.id}`}>{`${s.standardNo} ${s.nameZh}`}</Link>,
                count: s.count,
              }))}
            />
          </div>
        </>
      )}
      {role === 'admin' && (
        <p>
          <Link to="/admin/audit-log">查看审计日志</Link>
        </p>
      )}
    </AdminShell>
  );
}
