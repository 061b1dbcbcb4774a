import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/app.ts';
import { multipart } from './helpers/multipart.ts';
import { testConfig } from './helpers/app.ts';
import { READERS, readersStarted } from '../src/modules/standards/doccheck/read-thread.ts';
import { readPdf } from '../src/modules/standards/doccheck/pdf-reader.ts';
import { findCitations } from '../src/modules/standards/doccheck/find.ts';
import { warmUpPdf } from '../src/modules/standards/doccheck/warm-pdf.ts';

/**
 * The document check's readers: started on first use by default, with the server when DOCCHECK_WARM_READERS is
 * set (docs/decisions/0102). The readers are one pool per process, so the plain app is looked at first.
 */
describe('document check readers at start', () => {
  describe('by default', () => {
    const ctx = useTestApp('pglite');
    it('starts no reader until a document comes', async () => {
      expect(testConfig().docCheckWarmReaders).toBe(false);
      expect(ctx.app.config.docCheckWarmReaders).toBe(false);
      expect(readersStarted()).toBe(0);
      const text = await ctx.app.inject({
        method: 'POST',
        url: '/api/portal/standards/check/document',
        payload: { text: 'GB 50016-2014' },
      });
      // Pasted text is searched on the request thread: still no reader.
      expect(text.json().code).toBe(0);
      expect(readersStarted()).toBe(0);
    });
  });

  describe('with DOCCHECK_WARM_READERS=1', () => {
    const ctx = useTestApp('pglite', { DOCCHECK_WARM_READERS: '1' });
    it('starts every reader with the server, and the first document is read by them', async () => {
      expect(ctx.app.config.docCheckWarmReaders).toBe(true);
      expect(readersStarted()).toBe(READERS);
      const { payload, headers } = multipart([{ filename: 'a.txt', content: Buffer.from('应符合 GB 50016-2014 的规定。') }]);
      const res = await ctx.app.inject({ method: 'POST', url: '/api/portal/standards/check/document', payload, headers });
      expect(res.json().code).toBe(0);
      expect(res.json().data.citations.map((c: { cited: string }) => c.cited)).toEqual(['GB 50016-2014']);
      expect(readersStarted()).toBe(READERS);
    });
  });
});

describe('the warm-up PDF', () => {
  it('is a text PDF pdf.js reads page by page, with its citations found', async () => {
    const doc = await readPdf(warmUpPdf(2, 3), '');
    expect(doc.pages).toBe(2);
    expect(doc.ocrPages).toEqual([]);
    const { found } = findCitations(doc);
    expect(found.map((f) => f.no?.key)).toEqual(
      Array.from({ length: 6 }, () => ['GB50016-2014', 'GB/T50011-2010', 'JGJ/T67-2019']).flat(),
    );
    expect(found.map((f) => f.page)).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2]);
  });
});
