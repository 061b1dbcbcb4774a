import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One mail as the SMTP server received it, decoded enough to read (headers, the text and HTML parts). */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  headers: Map<string, string>;
  subject: string;
  text: string;
  html: string;
}

/** RFC 2047 encoded words (=?UTF-8?B?…?= / =?UTF-8?Q?…?=) as text. */
function decodeWords(v: string): string {
  return v
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_m, _cs: string, enc: string, data: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : Buffer.from(
            data.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

function parseHeaders(block: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of block.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const i = line.indexOf(':');
    if (i > 0) out.set(line.slice(0, i).toLowerCase(), line.slice(i + 1).trim());
  }
  return out;
}

function decodeBody(headers: Map<string, string>, body: string): string {
  const cte = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (cte === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (cte === 'quoted-printable') {
    const bytes = body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** Splits a message into its leaf parts (multipart/* walked), each with its headers and decoded body. */
function leaves(raw: string): Array<{ headers: Map<string, string>; body: string }> {
  const cut = raw.indexOf('\r\n\r\n');
  const headers = parseHeaders(raw.slice(0, cut));
  const body = raw.slice(cut + 4);
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!type.toLowerCase().startsWith('multipart/') || !boundary) return [{ headers, body: decodeBody(headers, body) }];
  const parts = body.split(`--${boundary}`).slice(1, -1);
  return parts.flatMap((p) => leaves(p.replace(/^\r\n/, '')));
}

export function parseMail(raw: string, from: string, to: string[]): ReceivedMail {
  const headers = parseHeaders(raw.slice(0, raw.indexOf('\r\n\r\n')));
  const parts = leaves(raw);
  const part = (t: string) => parts.find((p) => (p.headers.get('content-type') ?? '').toLowerCase().startsWith(t));
  return {
    from,
    to,
    raw,
    headers,
    subject: decodeWords(headers.get('subject') ?? ''),
    text: part('text/plain')?.body ?? '',
    html: part('text/html')?.body ?? '',
  };
}

export interface TestSmtp {
  url: string;
  mails: ReceivedMail[];
  /** Answers the next `n` messages with this SMTP error instead of accepting them (a 4xx is temporary, 5xx permanent). */
  refuseNext(n: number, code: number, message: string): void;
  /** Never answers the next `n` messages (the client waits, as on a stalled server); `hung` counts them. */
  hangNext(n: number): void;
  readonly hung: number;
  /** Resolves once `count` mails have arrived in total (or rejects after `ms`). */
  waitFor(count: number, ms?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

/**
 * A real SMTP server (the smtp-server library) on a free local port, in the test process: the app's nodemailer
 * transport talks SMTP to it, with AUTH, exactly as to a production server.
 */
export async function startSmtp(): Promise<TestSmtp> {
  const mails: ReceivedMail[] = [];
  let refuse = { n: 0, code: 0, message: '' };
  let hang = 0;
  let hung = 0;
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: false,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // A hung connection must not hold the test's end for the default 30 s.
    closeTimeout: 500,
    onAuth(auth, _session, cb) {
      if (auth.username === 'alerts' && auth.password === 'secret') cb(null, { user: 'alerts' });
      else cb(new Error('Invalid username or password'));
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (hang > 0) {
          hang -= 1;
          hung += 1;
          waiters.splice(0).forEach((w) => w());
          return;
        }
        if (refuse.n > 0) {
          refuse.n -= 1;
          const err = Object.assign(new Error(refuse.message), { responseCode: refuse.code });
          cb(err);
          return;
        }
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        mails.push(
          parseMail(
            Buffer.concat(chunks).toString('utf8'),
            from,
            session.envelope.rcptTo.map((r) => r.address),
          ),
        );
        waiters.splice(0).forEach((w) => w());
        cb(null);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://alerts:secret@127.0.0.1:${port}`,
    mails,
    refuseNext(n, code, message) {
      refuse = { n, code, message };
    },
    hangNext(n) {
      hang = n;
    },
    get hung() {
      return hung;
    },
    async waitFor(count, ms = 5000) {
      const until = Date.now() + ms;
      while (mails.length < count) {
        if (Date.now() > until) throw new Error(`expected ${count} mails, got ${mails.length}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100).unref();
        });
      }
      return mails;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
