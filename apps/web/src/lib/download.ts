import { http } from './http.ts';

/** File name from a Content-Disposition header (RFC 5987 `filename*` first). */
export function fileNameOf(disposition: string | undefined, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      /* fall through to the plain name */
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1] ?? fallback;
}

/**
 * Downloads through the API client so the token goes along (files are never public URLs) and saves the
 * file under the server's Content-Disposition name, else (or with `keepName`) under `fallbackName`. The server answers refusals (403
 * not certified, 429 quota) as a JSON envelope: that message is returned as `{ ok: false, message }` for
 * the caller to show. The one download helper of the web (docs/decisions/0061).
 */
export async function downloadFile(
  url: string,
  fallbackName: string,
  options: { keepName?: boolean } = {},
): Promise<{ ok: true } | { ok: false; message: string }> {
  try {
    const res = await http.get<Blob>(url, { responseType: 'blob' });
    const blob = res.data;
    const type = String(res.headers['content-type'] ?? '');
    if (type.includes('application/json')) {
      // A JSON file (the personal data export) is a download too: only an envelope with a non-zero code is a refusal.
      const body = JSON.parse(await blob.text()) as { code?: unknown; msg?: string };
      if (typeof body.code === 'number' && body.code !== 0 && 'msg' in body)
        return { ok: false, message: body.msg || '下载失败' };
    }
    const name = options.keepName
      ? fallbackName
      : fileNameOf(res.headers['content-disposition'] as string | undefined, fallbackName);
    saveBlob(blob, name);
    return { ok: true };
  } catch {
    return { ok: false, message: '下载失败，请稍后重试' };
  }
}

/** Saves a Blob under `name` through a temporary link (the object URL is released shortly after). */
export function saveBlob(blob: Blob, name: string) {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
