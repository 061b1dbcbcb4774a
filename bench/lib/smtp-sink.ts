// An SMTP sink in its own process (the alerts bench): accepts every mail without auth or TLS and counts it, nothing
// kept. A real mail server is another process, so its parsing must not take the measured server's CPU. Prints
// `port N` once listening; on "count" on stdin prints `count N`; on "stop" it closes and exits.
import readline from 'node:readline';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

let received = 0;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, _session, cb) {
    stream.on('data', () => undefined);
    stream.on('end', () => {
      received += 1;
      cb();
    });
  },
});
server.listen(0, '127.0.0.1', () => console.log(`port ${(server.server.address() as AddressInfo).port}`));
readline.createInterface({ input: process.stdin }).on('line', (line) => {
  if (line === 'count') console.log(`count ${received}`);
  if (line === 'stop') server.close(() => process.exit(0));
});
