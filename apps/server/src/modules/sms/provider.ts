/** Why an SMS is sent; also the namespace of the stored code. */
export type SmsPurpose = 'register' | 'login' | 'change-mobile';

/** One interface for every SMS gateway (docs/product.md §10 SMS_PROVIDER). */
export interface SmsProvider {
  readonly name: string;
  send(mobile: string, code: string, purpose: SmsPurpose): Promise<void>;
}
