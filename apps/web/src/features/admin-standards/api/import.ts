import { callApi, urlOf } from '../../../lib/http.ts';
import { multipart } from './multipart.ts';

/** Bulk import endpoints (apps/server/src/modules/admin-import), called by route key. */
const idParams = (id: number) => ({ id: String(id) });

export const uploadImport = (file: File, onProgress: (pct: number) => void) =>
  callApi('POST /api/admin/imports', { config: multipart({ file }, onProgress) });
export const startImport = (id: number) => callApi('POST /api/admin/imports/:id/start', { params: idParams(id) });
export const resumeImport = (id: number) => callApi('POST /api/admin/imports/:id/resume', { params: idParams(id) });
export const importJob = (id: number) => callApi('GET /api/admin/imports/:id', { params: idParams(id) });
export const importJobs = (page: number) => callApi('GET /api/admin/imports', { query: { page, size: 10 } });
export const importReportUrl = (id: number) => urlOf('GET /api/admin/imports/:id/report', idParams(id));
