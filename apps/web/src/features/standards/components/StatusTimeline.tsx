import type { StandardDetail } from '../api/standards.ts';
import { standardStatusLabel } from '@zs/shared/standards';
import { formatDate } from '../../../lib/dates.ts';

/** Status changes, newest first; the first record (no old status) reads as 收录. */
export function StatusTimeline({ history }: { history: StandardDetail['statusHistory'] }) {
  if (!history.length) return null;
  return (
    <div className="std-history">
      <h2>状态变更记录</h2>
      <ol className="std-timeline" data-testid="std-timeline">
        {[...history].reverse().map((h, i) => (
          <li key={i}>
            <time>{formatDate(h.changedAt)}</time>
            <span>
              {h.oldStatus
                ? `${standardStatusLabel(h.oldStatus)} → ${standardStatusLabel(h.newStatus)}`
                : `收录，状态：${standardStatusLabel(h.newStatus)}`}
              {h.source ? `（${h.source}）` : ''}
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}
