import type { AlertPayload, DigestPayload } from './render.ts';

/** An outbox row a worker claimed. */
export interface Claimed {
  id: number;
  user_id: number;
  event: string;
  kind: string;
  channel: string;
  payload: AlertPayload | DigestPayload | string;
  attempts: number;
}

/** What one delivery run did, over all channels. */
export interface DeliveryCounts {
  sent: number;
  retried: number;
  failed: number;
  skipped: number;
}
