import type { DocCheckResultT, DocCitationT } from '@zs/shared/api/document-check';
import { callApi, http, urlOf } from '../../../lib/http.ts';

/** Calls of the document check (apps/server/src/modules/standards/doccheck, docs/document-check.md). */

/** Reading a long PDF (OCR included) takes longer than the client's default minute. */
const CHECK_TIMEOUT_MS = 180_000;

/** What a download sends back of each citation: the server checks them again. */
const exported = (citations: DocCitationT[]) =>
  citations.map((c) => ({
    text: c.text.slice(0, 300),
    cited: c.cited,
    citedTitle: c.citedTitle,
    page: c.page,
    paragraph: c.paragraph,
    part: c.part,
    context: c.context.slice(0, 500),
  }));

export const docCheckApi = {
  checkText: (text: string) =>
    callApi('POST /api/portal/standards/check/document', { config: { data: { text }, timeout: CHECK_TIMEOUT_MS } }),
  checkFile: (file: File) => {
    const form = new FormData();
    form.append('file', file);
    // Let the browser set multipart/form-data with its boundary (the client defaults to JSON).
    return callApi('POST /api/portal/standards/check/document', {
      config: { data: form, headers: { 'Content-Type': 'multipart/form-data' }, timeout: CHECK_TIMEOUT_MS },
    });
  },
  save: (result: DocCheckResultT) =>
    callApi('POST /api/user/doc-checks', { body: { name: result.document.name, citations: exported(result.citations) } }),
  saved: () => callApi('GET /api/user/doc-checks'),
  recheck: (id: number) => callApi('POST /api/user/doc-checks/:id/recheck', { params: { id } }),
  remove: (id: number) => callApi('DELETE /api/user/doc-checks/:id', { params: { id } }),
  download: (kind: 'xlsx' | 'docx', result: DocCheckResultT) =>
    http
      .post<Blob>(
        urlOf(
          kind === 'xlsx' ? 'POST /api/portal/standards/check/document/xlsx' : 'POST /api/portal/standards/check/document/docx',
        ),
        { name: result.document.name, citations: exported(result.citations) },
        { responseType: 'blob' },
      )
      .then((r) => r.data),
};
