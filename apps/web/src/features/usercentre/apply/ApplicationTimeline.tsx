import type { ApplicationDetail } from '@zs/shared/api/user';
import { formatDateTime } from '../../../lib/dates.ts';

const STEPS = ['提交', '受理', '审核中', '通过/驳回'];

/** 提交 → 受理 → 审核中 → 通过/驳回, with what happened so far and the reason of a rejection. */
export function ApplicationTimeline({ app }: { app: ApplicationDetail }) {
  return (
    <section className="uc-section" aria-labelledby="tl-title">
      <h2 id="tl-title">办理进度</h2>
      <p className="uc-hint">流程：{STEPS.join(' → ')}</p>
      <ol className="uc-timeline">
        {app.timeline.map((e, i) => (
          <li key={i} data-testid="timeline-item" data-status={e.status}>
            <strong>{e.statusName}</strong> <span className="uc-row-meta">{formatDateTime(e.createdAt)}</span>
            {e.note && (
              <div className="uc-row-meta">
                {e.status === 'rejected' ? '驳回原因：' : ''}
                {e.note}
              </div>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
