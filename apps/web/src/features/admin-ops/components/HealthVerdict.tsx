import { Link } from 'react-router';
import type { SiteHealth } from '@zs/shared/api/admin-dashboard';

/** How many things the page asks the office to fix, counted the way the rows below list them. */
function problems(h: SiteHealth): number {
  return (
    h.findings.length +
    h.sections.filter((s) => s.level === 'red').length +
    h.brokenLinks.broken.length +
    h.overdue.filter((o) => o.count > 0).length +
    h.wordHits.length
  );
}

/** One verdict at the top of the page (issue 30), then nothing else needs reading when it is 可以迎检. */
export function HealthVerdict({ health }: { health: SiteHealth }) {
  const n = problems(health);
  const unchecked = !health.brokenLinks.checkedAt;
  return (
    <section
      className={`admin-panel admin-verdict admin-verdict-${n ? 'red' : 'green'}`}
      aria-label="检查结论"
      data-testid="health-verdict"
    >
      <h2>{n ? `未通过：${n} 项需要处理` : '可以迎检：未发现需要处理的问题'}</h2>
      {unchecked && <p>链接与附件尚未检查，请点击下方“立即检查”。</p>}
    </section>
  );
}

/** 示例 content, demo contacts, placeholder settings and navigation to empty sections, each with 去处理. */
export function Findings({ findings }: { findings: SiteHealth['findings'] }) {
  if (!findings.length) return null;
  return (
    <section className="admin-panel" aria-label="示例与占位内容">
      <h2>示例内容、示例联系人、占位设置与空栏目（{findings.length} 项）</h2>
      <table className="admin-table" aria-label="需要处理的示例与占位内容">
        <thead>
          <tr>
            <th>问题</th>
            <th>说明</th>
            <th>处理</th>
          </tr>
        </thead>
        <tbody>
          {findings.map((f, i) => (
            <tr key={i} data-testid="health-finding" data-kind={f.kind}>
              <td className="admin-level-red">{f.label}</td>
              <td>{f.detail}</td>
              <td>
                <Link to={f.link}>去处理</Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
