import { http } from '../../../lib/http.ts';

/**
 * GETs a file with the token (never a public URL) and saves it under `name`. A refusal arrives as a
 * JSON envelope instead of the file: its message is returned for the caller to show.
 */
export async function saveAs(url: string, name: string): Promise<{ ok: true } | { ok: false; message: string }> {
  try {
    const res = await http.get<Blob>(url, { responseType: 'blob' });
    const type = String(res.headers['content-type'] ?? '');
    if (type.includes('application/json')) {
      // A JSON download (the data export) is a file too: only an envelope with a non-zero code is a refusal.
      const body = JSON.parse(await res.data.text()) as { code?: unknown; msg?: string };
      if (typeof body.code === 'number' && body.code !== 0 && 'msg' in body)
        return { ok: false, message: body.msg || '下载失败' };
    }
    const href = URL.createObjectURL(res.data);
    const a = document.createElement('a');
    a.href = href;
    a.download = name;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(href), 10_000);
    return { ok: true };
  } catch {
    return { ok: false, message: '下载失败，请稍后重试' };
  }
}
