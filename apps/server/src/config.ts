import path from 'node:path';
import { z } from 'zod';
import { serverRoot } from './lib/paths.ts';

const flag = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true');

/** Environment of docs/product.md §10, parsed once at start. */
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
  // A PostgreSQL streaming replica for the public reads (docs/deployment.md); used only with a PostgreSQL primary.
  DATABASE_REPLICA_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  REPLICA_MAX_LAG_S: z.coerce.number().positive().default(30),
  REDIS_URL: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  // Every key the server writes to Redis starts with this, so deployments (or test databases) sharing one
  // Redis keep apart: keys such as an account's lock are named by ids that are only unique per database.
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_-]{1,64}$/, 'REDIS_KEY_PREFIX: 1–64 letters, digits, ":", "_" or "-"')
    .default('zs:'),
  // Unset: the server makes a random key on first start and keeps it in the database (plugins/secrets.ts).
  PASSWORD_AES_KEY: z
    .string()
    .length(16, 'PASSWORD_AES_KEY must be exactly 16 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
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
  TRUST_PROXY: z.string().optional(),
  DEPLOYMENT: z.enum(['private', 'public'], { message: 'DEPLOYMENT must be private or public' }).default('private'),
  ALLOW_CONSOLE_SMS: flag,
  METRICS_TOKEN: z
    .string()
    .min(16, 'METRICS_TOKEN must be at least 16 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  // The in-memory title index for keyword ranking (docs/decisions/0044-title-index.md); on unless 0/false.
  SEARCH_TITLE_INDEX: z
    .enum(['0', '1', 'true', 'false', ''])
    .optional()
    .transform((v) => v !== '0' && v !== 'false'),
  // Where the title index is written after each build and read back at a start (docs/decisions/0114): a directory,
  // by default DATA_DIR/search-index; 0 or off: never written, always built.
  SEARCH_INDEX_SNAPSHOT_DIR: z.string().optional(),
  // Records from which partial title matches are ranked on a thread of their own (docs/decisions/0126; unset: the
  // default there, 2,000,000); 0 or off: never.
  SEARCH_PARTIAL_THREAD: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return undefined;
      if (v === 'off') return 0;
      const n = Number(v);
      if (Number.isInteger(n) && n >= 0) return n;
      ctx.addIssue({ code: 'custom', message: 'SEARCH_PARTIAL_THREAD must be a record count or off' });
      return z.NEVER;
    }),
  // The document check's reader threads started with the server instead of on first use (docs/decisions/0102):
  // the first check then skips most of their cold start, for about 175 MB of memory held from the start. Off by default.
  DOCCHECK_WARM_READERS: flag,
  // Email (docs/alerts.md): smtp:// or smtps://user:pass@host:port; unset turns email off.
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, 'SMTP_URL must be smtp://… or smtps://user:pass@host:port')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MAIL_FROM: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  // A public deployment refuses plain SMTP (passwords and alerts in clear) unless this says it is on purpose.
  ALLOW_PLAIN_SMTP: flag,
  // SMS alerts (status changes of watched standards) per user and Beijing day (docs/alerts.md).
  ALERT_SMS_DAILY_CAP: z.coerce.number().int().min(0).max(100).default(3),
  // The address mails link to (verification, standards, unsubscribe): a worker sending them has no request to ask.
  SITE_URL: z
    .string()
    .url('SITE_URL must be an absolute URL such as https://std.example.cn')
    .optional()
    .or(z.literal('').transform(() => undefined)),
});

/**
 * TRUST_PROXY as Fastify takes it: a flag or a comma list of proxy addresses/CIDRs.
 * Only a trusted proxy may set X-Forwarded-For, which the per-IP SMS limit counts by.
 */
function trustProxyOf(raw: string | undefined): boolean | string[] {
  const v = (raw ?? '').trim();
  if (v === '' || v === '0' || v === 'false') return false;
  if (v === '1' || v === 'true') return true;
  return v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * A deployment that declares itself public must not run development conveniences: each refusal
 * names the setting to change (docs/deployment.md).
 */
function publicDeploymentProblems(e: z.infer<typeof EnvSchema>): string[] {
  const problems: string[] = [];
  if (e.DEV_OUTBOX) problems.push('DEV_OUTBOX is on: the development outbox would publish SMS codes; unset it');
  if (e.SMS_PROVIDER === 'console' && !e.ALLOW_CONSOLE_SMS) {
    problems.push(
      'SMS_PROVIDER=console only writes codes to the log, so nobody could register; configure SMS_PROVIDER=aliyun (or set ALLOW_CONSOLE_SMS=1 on purpose)',
    );
  }
  if (trustProxyOf(e.TRUST_PROXY) === false) {
    problems.push(
      'TRUST_PROXY is not set: behind the reverse proxy every client would share its address; set it to the proxy address(es)',
    );
  }
  if (e.PASSWORD_AES_KEY === REPOSITORY_EXAMPLE_KEY)
    problems.push('PASSWORD_AES_KEY is the key printed in the repository; choose another or unset it');
  if (e.SMTP_URL && !smtpUsesTls(e.SMTP_URL) && !e.ALLOW_PLAIN_SMTP) {
    problems.push(
      'SMTP_URL is plain smtp:// without TLS: use smtps:// or add ?requireTLS=true (STARTTLS), or set ALLOW_PLAIN_SMTP=1 on purpose',
    );
  }
  if (e.SMTP_URL && !e.SITE_URL) problems.push('SMTP_URL is set but SITE_URL is not: the links in mails would point nowhere');
  return problems;
}

/** smtps:// (implicit TLS) or smtp:// with requireTLS=true (STARTTLS must succeed). */
export function smtpUsesTls(url: string): boolean {
  if (url.startsWith('smtps://')) return true;
  const query = url.split('?')[1] ?? '';
  return new URLSearchParams(query).get('requireTLS') === 'true';
}

/** The key older versions printed as their default; it must never protect a real installation. */
export const REPOSITORY_EXAMPLE_KEY = 'zsStandard@2026!';

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
  if (e.DEPLOYMENT === 'public') {
    const problems = publicDeploymentProblems(e);
    if (problems.length) throw new Error(`DEPLOYMENT=public refuses to start:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    filesDir: path.join(dataDir, 'files'),
    databaseUrl: e.DATABASE_URL,
    // PGlite has no replica: the db plugin uses it only when the primary is PostgreSQL.
    replica: e.DATABASE_REPLICA_URL ? { url: e.DATABASE_REPLICA_URL, maxLagS: e.REPLICA_MAX_LAG_S } : undefined,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
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
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : path.resolve(serverRoot, '../web/dist'),
    trustProxy: trustProxyOf(e.TRUST_PROXY),
    deployment: e.DEPLOYMENT,
    metrics: { token: e.METRICS_TOKEN, port: e.METRICS_PORT },
    searchTitleIndex: e.SEARCH_TITLE_INDEX,
    searchIndexSnapshotDir: ['0', 'off', 'false'].includes(e.SEARCH_INDEX_SNAPSHOT_DIR ?? '')
      ? undefined
      : path.resolve(e.SEARCH_INDEX_SNAPSHOT_DIR || path.join(dataDir, 'search-index')),
    searchPartialThread: e.SEARCH_PARTIAL_THREAD,
    docCheckWarmReaders: e.DOCCHECK_WARM_READERS,
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM ?? `标准服务平台 <no-reply@${e.SITE_URL ? new URL(e.SITE_URL).hostname : 'localhost'}>`,
      siteUrl: (e.SITE_URL ?? `http://${e.HOST}:${e.PORT}`).replace(/\/+$/, ''),
    },
    alerts: { smsDailyCap: e.ALERT_SMS_DAILY_CAP },
  };
}
