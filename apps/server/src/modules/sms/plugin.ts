import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { AliyunSmsProvider } from './aliyun.ts';
import { ConsoleSmsProvider } from './console.ts';
import type { SmsProvider } from './provider.ts';

declare module 'fastify' {
  interface FastifyInstance {
    sms: SmsProvider;
  }
}

/** Chooses the provider of SMS_PROVIDER; a real provider without credentials stops the start. */
export function aliyunFromConfig(sms: Config['sms']): AliyunSmsProvider {
  const missing = (
    [
      ['SMS_ACCESS_KEY_ID', sms.accessKeyId],
      ['SMS_ACCESS_KEY_SECRET', sms.accessKeySecret],
      ['SMS_SIGN_NAME', sms.signName],
      ['SMS_TEMPLATE_CODE', sms.templateCode],
    ] as const
  )
    .filter(([, v]) => !v)
    .map(([k]) => k);
  if (missing.length) throw new Error(`SMS_PROVIDER=aliyun requires ${missing.join(', ')}`);
  return new AliyunSmsProvider({
    accessKeyId: sms.accessKeyId!,
    accessKeySecret: sms.accessKeySecret!,
    signName: sms.signName!,
    templateCode: sms.templateCode!,
  });
}

export default fp(
  async function smsPlugin(app: FastifyInstance) {
    const { sms } = app.config;
    // The config schema only admits the providers that exist.
    const provider: SmsProvider = sms.provider === 'aliyun' ? aliyunFromConfig(sms) : new ConsoleSmsProvider(app.db, app.log);
    app.decorate('sms', provider);
  },
  { name: 'sms', dependencies: ['db', 'config'] },
);
