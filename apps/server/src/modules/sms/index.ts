// owns tables: sms_outbox
/** The SMS provider (console outbox or Aliyun). */
export type { SmsProvider, SmsPurpose } from './provider.ts';
export { default as smsPlugin } from './plugin.ts';
export { outboxOf } from './console.ts';
