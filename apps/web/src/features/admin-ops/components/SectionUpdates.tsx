import type { SiteHealth } from '@zs/shared/api/admin-dashboard';
import { formatDateTime } from '../../../lib/dates.ts';

// Says what the column measures (update deadlines), so a site full of 示例 is never read as "正常" (issue 30).
const LEVEL = { green: '按期更新', amber: '临近期限', red: '超期' } as const;

/** How recently each section was updated, against its inspection deadline. */
export function SectionUpdates({ sections }: { sections: SiteHealth['sections'] }) {
  return (
    <section className="admin-panel" aria-label="栏目更新">
      <h2>栏目更新情况（首页、动态类 2 周，通知公告与政策类 6 个月）</h2>
      <table className="admin-table" aria-label="栏目更新情况">
        <thead>
          <tr>
            <th>栏目</th>
            <th>最近更新</th>
            <th>距今（天）</th>
            <th>期限（天）</th>
            <th>状态</th>
          </tr>
        </thead>
        <tbody>
          {sections.map((s) => (
            <tr key={s.section} data-testid={`health-${s.section}`} data-level={s.level}>
              <td>{s.label}</td>
              <td>{s.lastUpdated ? formatDateTime(s.lastUpdated) : '—'}</td>
              <td>{s.ageDays ?? '—'}</td>
              <td>{s.thresholdDays}</td>
              <td className={`admin-level-${s.level}`}>{s.blank ? '空白栏目' : LEVEL[s.level]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
