import {
  STANDARD_LEVEL_LABELS,
  STANDARD_NATURE_LABELS,
  standardStatusLabel,
  type StandardLevel,
  type StandardNature,
  type StandardStatus,
} from '@zs/shared/standards';
import type { ApplicationStatus } from '@zs/shared/portal';

// Status labels and tag colours, one home for every feature (docs/decisions/0043). Colour names match the
// tag classes (std-tag-*, uc-tag-*, admin-tag-*): waiting blue, in progress gold, done green, refused red.

/** Standards: in force green, coming blue, gone grey/red, changed orange. */
export const STATUS_COLORS: Record<StandardStatus, string> = {
  current: 'green',
  upcoming: 'blue',
  abolished: 'red',
  replaced: 'default',
  suspended: 'gold',
  updated: 'orange',
  drafting: 'purple',
};

export const statusLabel = standardStatusLabel;
export const statusColor = (s: string) => STATUS_COLORS[s as StandardStatus] ?? 'default';
export const levelLabel = (s: string | null | undefined) => (s ? (STANDARD_LEVEL_LABELS[s as StandardLevel] ?? s) : '');
export const natureLabel = (s: string | null | undefined) => (s ? (STANDARD_NATURE_LABELS[s as StandardNature] ?? s) : '');

/** Applications and sign-ups (user centre and the admin queue alike). */
export const APPLICATION_STATUS_COLORS: Record<ApplicationStatus, string> = {
  submitted: 'blue',
  accepted: 'cyan',
  reviewing: 'gold',
  approved: 'green',
  rejected: 'red',
  withdrawn: 'default',
};

/** Reviewed requests (certifications, missing-standard reports): pending, then approved/accepted or rejected. */
export const REVIEW_STATUS_COLORS: Record<string, string> = {
  pending: 'blue',
  approved: 'green',
  accepted: 'green',
  rejected: 'red',
};
