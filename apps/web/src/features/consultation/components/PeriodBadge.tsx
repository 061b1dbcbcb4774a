import type { ConsultationSummary } from '../api/consultation.ts';
import { periodState } from '../lib/format.ts';

export function PeriodBadge({ draft }: { draft: Pick<ConsultationSummary, 'open' | 'daysLeft'> }) {
  const s = periodState(draft);
  return (
    <span className={`cons-badge cons-badge-${s.tone}`} data-testid="period-state">
      {s.label}
    </span>
  );
}
