import { Link } from 'react-router';
import { STANDARD_LEVEL_LABELS, STANDARD_STATUS_LABELS } from '@zs/shared/standards';
import { callApi } from '../../../lib/http.ts';
import { useRemote } from '../../../lib/useRemote.ts';
import { useSiteInfo } from '../../../lib/siteInfo.ts';

const label = (map: Record<string, string>, key: string) => map[key] ?? key;

/** Live catalogue figures (GET /api/portal/standards/stats); never a made-up number. */
export function StatsPanel() {
  const remote = useRemote('standards-stats', () => callApi('GET /api/portal/standards/stats'));
  const s = remote.data;
  // With 隐藏空栏目 on, a figure of 0 gets no tile: it would only link to an empty list (decisions/0088).
  const hideZero = useSiteInfo()?.hideEmptySections ?? false;
  return (
    <section className="home-block home-stats" aria-labelledby="home-stats-title" aria-busy={remote.loading}>
      <div className="home-block-head">
        <h2 id="home-stats-title" className="home-section-heading">
          标准数据
        </h2>
        <Link to="/standard-search">标准检索 »</Link>
      </div>
      {remote.error ? (
        <p className="home-state" role="status">
          统计数据暂时无法获取（{remote.error}）。
          <button type="button" className="link-button" onClick={remote.reload}>
            重试
          </button>
        </p>
      ) : !s ? (
        <p className="home-state">正在加载统计数据…</p>
      ) : s.total === 0 ? (
        <p className="home-state">暂无数据</p>
      ) : (
        <>
          <ul className="stat-grid" data-testid="home-stats">
            <li className="stat-card is-primary">
              <span className="stat-value">{s.total}</span>
              <span className="stat-label">收录标准（项）</span>
            </li>
            {!(hideZero && s.newlyPublished === 0) && (
              <li className="stat-card">
                <Link to="/standard-search?sort=publish">
                  <span className="stat-value">{s.newlyPublished}</span>
                  <span className="stat-label">近12个月发布</span>
                </Link>
              </li>
            )}
            {!(hideZero && s.upcoming === 0) && (
              <li className="stat-card">
                <Link to="/standard-search?status=upcoming">
                  <span className="stat-value">{s.upcoming}</span>
                  <span className="stat-label">即将实施</span>
                </Link>
              </li>
            )}
          </ul>
          <div className="stat-breakdown">
            <dl aria-label="按级别">
              {Object.entries(s.byLevel)
                .filter(([, n]) => !(hideZero && n === 0))
                .map(([k, n]) => (
                  <div key={k}>
                    <dt>
                      <Link to={`/standard-search?level=${encodeURIComponent(k)}`}>{label(STANDARD_LEVEL_LABELS, k)}</Link>
                    </dt>
                    <dd>{n}</dd>
                  </div>
                ))}
            </dl>
            <dl aria-label="按状态">
              {Object.entries(s.byStatus)
                .filter(([, n]) => !(hideZero && n === 0))
                .map(([k, n]) => (
                  <div key={k}>
                    <dt>
                      <Link to={`/standard-search?status=${encodeURIComponent(k)}`}>{label(STANDARD_STATUS_LABELS, k)}</Link>
                    </dt>
                    <dd>{n}</dd>
                  </div>
                ))}
            </dl>
          </div>
        </>
      )}
    </section>
  );
}
