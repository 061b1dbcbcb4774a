import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_PASSWORD_AES_KEY } from '@zs/shared';

const flag = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true');

/** Environment of PRODUCT.md §3, parsed once at start. */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  REDIS_URL: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  PASSWORD_AES_KEY: z.string().length(16, 'PASSWORD_AES_KEY must be exactly 16 characters').default(DEFAULT_PASSWORD_AES_KEY),
  TOKEN_TTL_HOURS: z.coerce.number().positive().default(24),
  SMS_PROVIDER: z.enum(['console', 'aliyun'], { message: 'SMS_PROVIDER must be console or aliyun' }).default('console'),
  SMS_ACCESS_KEY_ID: z.string().optional(),
  SMS_ACCESS_KEY_SECRET: z.string().optional(),
  SMS_SIGN_NAME: z.string().optional(),
  SMS_TEMPLATE_CODE: z.string().optional(),
  SMS_SDK_APP_ID: z.string().optional(),
  SMS_IP_DAILY_LIMIT: z.coerce.number().int().positive().default(50),
  DEV_OUTBOX: flag,
  SEED_DEMO: z
    .enum(['0', '1', 'true', 'false', ''])
    .optional()
    .transform((v) => v === undefined || v === '' || v === '1' || v === 'true'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: flag,
});

export type Config = ReturnType<typeof parseConfig>;

export function parseConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const e = parsed.data;
  if (e.DEV_OUTBOX && e.NODE_ENV === 'production') {
    throw new Error('DEV_OUTBOX=1 is refused when NODE_ENV=production');
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    filesDir: path.join(dataDir, 'files'),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    passwordAesKey: e.PASSWORD_AES_KEY,
    tokenTtlHours: e.TOKEN_TTL_HOURS,
    sms: {
      provider: e.SMS_PROVIDER,
      accessKeyId: e.SMS_ACCESS_KEY_ID,
      accessKeySecret: e.SMS_ACCESS_KEY_SECRET,
      signName: e.SMS_SIGN_NAME,
      templateCode: e.SMS_TEMPLATE_CODE,
      sdkAppId: e.SMS_SDK_APP_ID,
      ipDailyLimit: e.SMS_IP_DAILY_LIMIT,
    },
    devOutbox: e.DEV_OUTBOX,
    seedDemo: e.SEED_DEMO,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : path.resolve(import.meta.dirname, '../../web/dist'),
    trustProxy: e.TRUST_PROXY,
  };
}
