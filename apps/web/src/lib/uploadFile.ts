import type { FILE_PURPOSES } from '@zs/shared/api/user';
import { callApi } from './http.ts';

/** The server's limit per user file (apps/server/src/modules/files); checked here for a quick answer. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const UPLOAD_TOO_LARGE = '文件不能超过10MB';

/**
 * Uploads one file to POST /api/user/files for `purpose`; `onProgress` gets whole percents. The server sniffs
 * the real content type and refuses what it does not accept.
 */
export function uploadUserFile(file: File, purpose: (typeof FILE_PURPOSES)[number], onProgress: (percent: number) => void) {
  const body = new FormData();
  body.append('file', file);
  return callApi('POST /api/user/files', {
    query: { purpose },
    config: {
      data: body,
      // Let the browser set multipart/form-data with its boundary (the client defaults to JSON).
      headers: { 'Content-Type': 'multipart/form-data' },
      timeout: 0,
      onUploadProgress: (e) => onProgress(e.total ? Math.round((e.loaded / e.total) * 100) : 0),
    },
  });
}
