/** The email channel's shapes (separate so the outbox and the transport do not import each other). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

/** The email channel: on when SMTP_URL is set (or, in development, DEV_OUTBOX=1 alone: mails go to the outbox only). */
export interface Mailer {
  readonly enabled: boolean;
  /** Why email is off (for the user centre), or null. */
  readonly offReason: string | null;
  /** Sends one mail; throws when SMTP refuses it (see permanentMailError) or email is off. */
  send(m: MailMessage): Promise<void>;
}
