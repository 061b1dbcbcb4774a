// owns tables: sms_outbox
/** The SMS module's public surface for other modules. */
export type { SmsPurpose } from './provider.ts';
export { default as smsPlugin } from './plugin.ts';
