import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { recordDevMail } from './dev-outbox.ts';

import type { Mailer, MailMessage } from './types.ts';

export type { Mailer, MailMessage };

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/** An SMTP answer 5xx (the address or the message refused for good): retrying cannot help. */
export function permanentMailError(err: unknown): boolean {
  const code = (err as { responseCode?: unknown })?.responseCode;
  return typeof code === 'number' && code >= 500;
}

export function createMailer(mail: Config['mail'], devOutbox: boolean, db: Database) {
  // A pool keeps a few connections open, so a burst of alerts does not open one connection per mail.
  const url = mail.smtpUrl && `${mail.smtpUrl}${mail.smtpUrl.includes('?') ? '&' : '?'}pool=true`;
  const transport = url ? nodemailer.createTransport(url, { from: mail.from }) : null;
  const enabled = transport !== null || devOutbox;
  const mailer: Mailer = {
    enabled,
    offReason: enabled ? null : '本平台未配置邮件服务（SMTP），暂不能发送邮件',
    async send(m) {
      if (!enabled) throw new Error('email is off (SMTP_URL is not set)');
      if (devOutbox) await recordDevMail((t, p) => db.query(t, p), m);
      if (!transport) return;
      await transport.sendMail({
        from: mail.from,
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html,
        headers: m.headers,
        textEncoding: 'base64',
      });
    },
  };
  return { mailer, close: () => transport?.close() };
}

/** app.mailer from SMTP_URL / MAIL_FROM; the pool closes with the app. */
export default fp(
  async function mailPlugin(app: FastifyInstance) {
    const { mailer, close } = createMailer(app.config.mail, app.config.devOutbox, app.db);
    app.decorate('mailer', mailer);
    app.addHook('onClose', async () => close());
    if (!mailer.enabled) app.log.info('email is off: SMTP_URL is not set');
  },
  { name: 'mail', dependencies: ['db', 'config'] },
);
