/**
 * Why an SMS is sent; also the namespace of the stored code. 'alert': a status-change alert (modules/alerts), whose
 * text travels in `code` (the development outbox shows it as is).
 */
export type SmsPurpose = 'register' | 'login' | 'change-mobile' | 'alert';

/** One interface for every SMS gateway (docs/product.md §10 SMS_PROVIDER). */
export interface SmsProvider {
  readonly name: string;
  send(mobile: string, code: string, purpose: SmsPurpose): Promise<void>;
}
