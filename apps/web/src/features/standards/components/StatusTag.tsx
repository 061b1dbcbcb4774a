import { standardStatusColor, standardStatusLabel } from '@zs/shared/standards';

export function StatusTag({ status }: { status: string }) {
  return (
    <span className={`std-tag std-tag-${standardStatusColor(status)}`} data-status={status}>
      {standardStatusLabel(status)}
    </span>
  );
}
