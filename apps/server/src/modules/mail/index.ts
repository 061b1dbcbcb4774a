// owns tables: email_addresses, mail_dev_outbox
/** Email: the SMTP transport (SMTP_URL, MAIL_FROM), the development mail outbox, and verified addresses (/api/mail/*). */
export { default as mailPlugin, type Mailer, type MailMessage, permanentMailError } from './plugin.ts';
export { default as mailRoutes } from './routes.ts';
export { addressOf, requestVerification, verifiedAddresses, verifiedAddressSql } from './addresses.ts';
export { mailOutboxOf } from './dev-outbox.ts';
