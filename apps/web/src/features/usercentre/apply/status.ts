import type { ApplicationStatus } from '@zs/shared/portal';

export const WITHDRAWABLE: readonly ApplicationStatus[] = ['submitted', 'accepted'];
