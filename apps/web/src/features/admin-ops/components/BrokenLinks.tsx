import { Button } from 'antd';
import type { SiteHealth } from '@zs/shared/api/admin-dashboard';
import { formatDateTime } from '../../../lib/dates.ts';

/** Broken links and attachments found by the last check, and running the check now. */
export function BrokenLinks({ links, busy, onCheck }: { links: SiteHealth['brokenLinks']; busy: boolean; onCheck: () => void }) {
  return (
    <section className="admin-panel" aria-label="失效链接与附件">
      <h2>
        失效链接与附件（
        {links.checkedAt
          ? `上次检查 ${formatDateTime(links.checkedAt)}（北京时间），共检查 ${links.checked} 个链接和附件`
          : '尚未检查'}
        ）
        <Button style={{ marginLeft: 16 }} loading={busy} onClick={onCheck}>
          立即检查
        </Button>
      </h2>
      <ul>
        {links.broken.map((b, i) => (
          <li key={i} className="admin-level-red" data-testid="broken-link">
            {b.section}「{b.title}」：{b.url}（{b.reason}）
          </li>
        ))}
        {/* Before the first check there is nothing to report: "尚未检查" alone (issue 30). */}
        {links.checkedAt && links.broken.length === 0 && <li className="admin-level-green">未发现失效链接与附件</li>}
      </ul>
    </section>
  );
}
