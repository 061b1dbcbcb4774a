import { parentPort } from 'node:worker_threads';
import { kindOf, readDocument } from './readers.ts';
import type { PageShare } from './pdf-reader.ts';
import { findCitations } from './find.ts';
import type { Segment } from './document.ts';
import { DocumentRefused } from './zip.ts';
import { lowerThreadPriority } from '../../../lib/thread-priority.ts';
import { loadPdfjs } from './pdfjs.ts';
import { readPdf } from './pdf-reader.ts';
import { warmUpPdf } from './warm-pdf.ts';

/**
 * A reader thread of the document check (read-thread.ts): it stays up between documents, so pdf.js, mammoth and
 * exceljs load once (a cold pdf.js costs about 2 s). Per document it recognises the file by its bytes, reads its
 * text, finds its citations (find.ts; docs/decisions/0092) and posts them back, or the reason it cannot be read: a
 * failure of a reader library is a refusal, not a crash. A share of a PDF's pages is posted back as read (its
 * citations are found once the shares are put together, by a `find` job).
 */
type Job =
  | { id: number; bytes: Uint8Array; name: string | null; tmpDir: string; share?: PageShare }
  | { id: number; segments: Segment[] }
  | { id: number; warm: true };
const port = parentPort!;

/**
 * A reader's nice value (Linux, this thread only): reading yields a busy core to the request thread, so searches
 * stay fast while twenty documents are read on a machine whose cores the readers fill (docs/decisions/0102).
 */
const READER_NICE = 10;
lowerThreadPriority(READER_NICE);

port.on('message', (job: Job) => {
  void (async () => {
    try {
      if ('warm' in job) {
        // Started with the server (read-thread.ts warmReaders): pdf.js loaded and a small PDF read twice before
        // the first document, so their code is compiled and optimised. A failure here is the first PDF's to report.
        try {
          await loadPdfjs();
          for (let i = 0; i < 2; i++) findCitations(await readPdf(warmUpPdf(), ''));
        } catch {
          // Nothing to tell: the first document is read as on a cold reader.
        }
        port.postMessage({ id: job.id, type: 'warm' });
        return;
      }
      if ('segments' in job) {
        port.postMessage({ id: job.id, type: 'found', found: findCitations(job) });
        return;
      }
      const buf = Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength);
      const doc = await readDocument(buf, kindOf(buf, job.name), job.tmpDir, job.share);
      if (!job.share) {
        doc.found = findCitations(doc);
        doc.segments = [];
      }
      port.postMessage({ id: job.id, type: 'done', doc });
    } catch (err) {
      const message = err instanceof DocumentRefused ? err.message : '无法读取该文件（文件可能已损坏），请检查后重新上传';
      port.postMessage({ id: job.id, type: 'refused', message });
    }
  })();
});
