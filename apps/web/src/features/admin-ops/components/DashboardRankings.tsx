import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Dashboard } from '@zs/shared/api/admin-dashboard';

function Ranking({
  title,
  rows,
  empty,
}: {
  title: string;
  rows: { key: string; label: ReactNode; count: number }[];
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

/** Search demand (top and zero-result queries) and the most collected standards. */
export function DashboardRankings({ d }: { d: Dashboard }) {
  return (
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
  );
}
