import { lazy, Suspense, useState } from 'react';
import { Button } from 'antd';
import { Link } from 'react-router';
import type { SiteHealth } from '@zs/shared/api/admin-dashboard';
import { AdminShell } from '../../../components/admin/AdminShell.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { checkLinks, health } from '../api/ops.ts';
import { useRemote } from '../../../lib/useRemote.ts';
import { useSession } from '../../../lib/session.ts';
import { useSubmit } from '../../../lib/useSubmit.ts';

// Admins only, on demand (keeps the entry's preload map short, see apps/web/scripts/report-sizes.mjs).
const ReviewLimitsPanel = lazy(() =>
  import('../components/ReviewLimitsPanel.tsx').then((m) => ({ default: m.ReviewLimitsPanel })),
);

const LEVEL = { green: '正常', amber: '临近期限', red: '超期' } as const;

/** /admin/health: what a government-website inspection would flag, before it does. */
export default function AdminHealthPage() {
  const staff = useSession((s) => s.userInfo?.role === 'operator' || s.userInfo?.role === 'admin');
  const admin = useSession((s) => s.userInfo?.role === 'admin');
  const remote = useRemote(staff ? 'health' : null, health);
  const [checked, setChecked] = useState<SiteHealth | null>(null);
  const { busy, submit } = useSubmit();
  const h = checked ?? remote.data;
  const run = async () => {
    const r = await submit(checkLinks, { success: '检查完成', failure: '检查失败' });
    if (r) setChecked(r.data);
  };
  return (
    <AdminShell title="网站检查">
      {h && (
        <>
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
                {h.sections.map((s) => (
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
          <section className="admin-panel" aria-label="失效链接与附件">
            <h2>
              失效链接与附件（
              {h.brokenLinks.checkedAt
                ? `上次检查 ${formatDateTime(h.brokenLinks.checkedAt)}，共 ${h.brokenLinks.checked} 处`
                : '尚未检查'}
              ）
              <Button style={{ marginLeft: 16 }} loading={busy} onClick={() => void run()}>
                立即检查
              </Button>
            </h2>
            <ul>
              {h.brokenLinks.broken.map((b, i) => (
                <li key={i} className="admin-level-red" data-testid="broken-link">
                  {b.section}「{b.title}」：{b.url}（{b.reason}）
                </li>
              ))}
              {h.brokenLinks.broken.length === 0 && <li className="admin-level-green">未发现失效链接与附件</li>}
            </ul>
          </section>
          <section className="admin-panel" aria-label="超期待办">
            <h2>超期未处理{admin ? '' : '（期限由管理员设置）'}</h2>
            <ul>
              {h.overdue.map((o) => (
                <li key={o.key} className={o.count ? 'admin-level-red' : 'admin-level-green'}>
                  {o.label}超过 {o.limitDays} 天未处理：{o.count} 条 {o.count > 0 && <Link to={o.link}>去处理</Link>}
                </li>
              ))}
            </ul>
            {admin && (
              <Suspense fallback={null}>
                <ReviewLimitsPanel
                  onSaved={() => {
                    setChecked(null);
                    remote.reload();
                  }}
                />
              </Suspense>
            )}
          </section>
          <section className="admin-panel" aria-label="错敏词">
            <h2>错敏词与易错词（词表在“站点设置”中维护）</h2>
            <ul>
              {h.wordHits.map((w, i) => (
                <li key={i} className="admin-level-red">
                  {w.section}「{w.title}」含“{w.word}”：{w.hint}
                </li>
              ))}
              {h.wordHits.length === 0 && <li className="admin-level-green">已发布内容中未发现词表中的词</li>}
            </ul>
            {h.noPublishDate.length > 0 && (
              <p className="admin-level-red">缺少发布日期的内容：{h.noPublishDate.map((n) => n.title).join('、')}</p>
            )}
          </section>
        </>
      )}
      {remote.error && <p role="alert">{remote.error}</p>}
    </AdminShell>
  );
}
