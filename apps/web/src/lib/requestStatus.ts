import type { ApplicationStatus } from '@zs/shared/portal';

// Tag colours of requests users send (docs/decisions/0061; standards' own are in @zs/shared/standards): waiting blue,
// in progress gold, done green, refused red.
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
