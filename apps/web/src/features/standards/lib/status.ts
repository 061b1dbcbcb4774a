import {
  STANDARD_LEVEL_LABELS,
  STANDARD_NATURE_LABELS,
  STANDARD_STATUS_LABELS,
  type StandardLevel,
  type StandardNature,
  type StandardStatus,
} from '@zs/shared/standards';

/** antd Tag colours per status: in force green, coming blue, gone grey/red, changed orange. */
export const STATUS_COLORS: Record<StandardStatus, string> = {
  current: 'green',
  upcoming: 'blue',
  abolished: 'red',
  replaced: 'default',
  suspended: 'gold',
  updated: 'orange',
  drafting: 'purple',
};

export const statusLabel = (s: string | null | undefined) => (s ? (STANDARD_STATUS_LABELS[s as StandardStatus] ?? s) : '');
export const statusColor = (s: string) => STATUS_COLORS[s as StandardStatus] ?? 'default';
export const levelLabel = (s: string | null | undefined) => (s ? (STANDARD_LEVEL_LABELS[s as StandardLevel] ?? s) : '');
export const natureLabel = (s: string | null | undefined) => (s ? (STANDARD_NATURE_LABELS[s as StandardNature] ?? s) : '');
