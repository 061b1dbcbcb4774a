import { parentPort } from 'node:worker_threads';
import { kindOf, readDocument } from './readers.ts';
import type { PageShare } from './pdf-reader.ts';
import { DocumentRefused } from './zip.ts';

/**
 * A reader thread of the document check (read-thread.ts): it stays up between documents, so pdf.js, mammoth and
 * exceljs load once (a cold pdf.js costs about 2 s). Per document it recognises the file by its bytes, reads its
 * text and posts it back, or the reason it cannot be read: a failure of a reader library is a refusal, not a crash.
 */
interface Job {
  id: number;
  bytes: Uint8Array;
  name: string | null;
  tmpDir: string;
  share?: PageShare;
}
const port = parentPort!;

port.on('message', (job: Job) => {
  void (async () => {
    try {
      const buf = Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength);
      const doc = await readDocument(buf, kindOf(buf, job.name), job.tmpDir, job.share);
      port.postMessage({ id: job.id, type: 'done', doc });
    } catch (err) {
      const message = err instanceof DocumentRefused ? err.message : '无法读取该文件（文件可能已损坏），请检查后重新上传';
      port.postMessage({ id: job.id, type: 'refused', message });
    }
  })();
});
