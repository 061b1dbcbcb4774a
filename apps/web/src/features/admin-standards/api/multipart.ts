import type { RequestConfig, UploadProgress } from '../../../lib/http.ts';

/** multipart upload with progress (0–100) through the shared HTTP client. */
export const multipart = (
  fields: Record<string, string | File>,
  onProgress: (pct: number) => void,
): RequestConfig & { data: FormData } => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return {
    data: form,
    // The browser sets multipart/form-data with its boundary (the client defaults to JSON).
    headers: { 'Content-Type': 'multipart/form-data' },
    timeout: 0,
    onUploadProgress: (e: UploadProgress) => onProgress(e.total ? Math.round((e.loaded / e.total) * 100) : 0),
  };
};
