import type { ApplicationStatus } from '@zs/shared/portal';

export const STATUS_COLOR: Record<ApplicationStatus, string> = {
  submitted: 'blue',
  accepted: 'cyan',
  reviewing: 'gold',
  approved: 'green',
  rejected: 'red',
  withdrawn: 'default',
};

export const WITHDRAWABLE: readonly ApplicationStatus[] = ['submitted', 'accepted'];
