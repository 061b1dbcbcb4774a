import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { SmsProvider, SmsPurpose } from './provider.ts';

/**
 * Development provider: writes the code to the log and to sms_outbox (read by the dev outbox
 * endpoint) instead of sending anything.
 */
export class ConsoleSmsProvider implements SmsProvider {
  readonly name = 'console';

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(mobile: string, code: string, purpose: SmsPurpose) {
    await this.db.query('insert into sms_outbox (mobile, code, purpose, provider) values ($1, $2, $3, $4)', [
      mobile,
      code,
      purpose,
      this.name,
    ]);
    this.log.info({ mobile, code, purpose }, 'SMS (console provider, not sent)');
  }
}

/** The outbox of one number, newest first (at most 100): what the dev outbox endpoint shows. */
export async function outboxOf(
  db: Database,
  mobile: string,
): Promise<Array<{ mobile: string; code: string; purpose: string; sent_at: Date | string }>> {
  return db.query<{ mobile: string; code: string; purpose: string; sent_at: Date | string }>(
    `select mobile, code, purpose, sent_at from sms_outbox where mobile = $1 order by sent_at desc, id desc limit 100`,
    [mobile],
  );
}
