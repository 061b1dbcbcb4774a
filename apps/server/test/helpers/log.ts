import { Writable } from 'node:stream';

/** A pino destination that keeps every log line, for tests that read what was logged. */
export function captureLog(): { lines: string[]; stream: Writable } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      lines.push(String(chunk));
      cb();
    },
  });
  return { lines, stream };
}
