import type { Database, Query } from '../../db/client.ts';
import type { MailMessage } from './types.ts';

/** With DEV_OUTBOX=1 every mail is written here too, so people and browser tests can follow its links. */
export async function recordDevMail(q: Query, m: MailMessage): Promise<void> {
  await q('insert into mail_dev_outbox (to_address, subject, text_body, html_body, headers) values ($1, $2, $3, $4, $5)', [
    m.to,
    m.subject,
    m.text,
    m.html,
    JSON.stringify(m.headers ?? {}),
  ]);
}

export interface DevMailRow {
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  headers: Record<string, string> | string;
  sent_at: Date | string;
}

/** The mails sent to one address, newest first (at most 50): what the dev outbox endpoint shows. */
export async function mailOutboxOf(db: Database, to: string): Promise<DevMailRow[]> {
  return db.query<DevMailRow>(
    `select to_address, subject, text_body, html_body, headers, sent_at from mail_dev_outbox
      where lower(to_address) = lower($1) order by id desc limit 50`,
    [to],
  );
}
