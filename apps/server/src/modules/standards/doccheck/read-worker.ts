import { parentPort, workerData } from 'node:worker_threads';
import { kindOf, readDocument } from './readers.ts';
import { DocumentRefused } from './zip.ts';

/**
 * Worker thread of a document check (read-thread.ts): recognises the file by its bytes, reads its text and
 * posts it back, or the reason it cannot be read. A failure of a reader library is a refusal, not a crash.
 */
const { bytes, name, tmpDir } = workerData as { bytes: Uint8Array; name: string | null; tmpDir: string };
const port = parentPort!;

try {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const doc = await readDocument(buf, kindOf(buf, name), tmpDir);
  port.postMessage({ type: 'done', doc });
} catch (err) {
  const message = err instanceof DocumentRefused ? err.message : '无法读取该文件（文件可能已损坏），请检查后重新上传';
  port.postMessage({ type: 'refused', message });
}
port.close();
