import { statusColor, statusLabel } from '../../../lib/status.ts';

export function StatusTag({ status }: { status: string }) {
  return (
    <span className={`std-tag std-tag-${statusColor(status)}`} data-status={status}>
      {statusLabel(status)}
    </span>
  );
}
