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
