import { useEffect, useState } from 'react';
import { Button } from 'antd';
import { http, urlOf } from '../../../lib/http.ts';
import { toast } from '../../../lib/feedback.ts';
import { saveBlob } from '../../../lib/download.ts';
import type { FileMeta } from '../api/review.ts';

/**
 * Shows an image file inline (fetched with the token into an object URL: files are never public
 * URLs) and offers every file as a download.
 */
export function FilePreview({ file, label = '附件' }: { file: FileMeta; label?: string }) {
  const [src, setSrc] = useState<string | null>(null);
  const isImage = file.mime.startsWith('image/');

  const fetchBlob = async (): Promise<Blob | null> => {
    try {
      const res = await http.get<Blob>(urlOf('GET /api/user/files/:id', { id: String(file.id) }), { responseType: 'blob' });
      if (String(res.headers['content-type'] ?? '').includes('application/json')) {
        const body = JSON.parse(await res.data.text()) as { msg?: string };
        toast.error(body.msg || '文件读取失败');
        return null;
      }
      return res.data;
    } catch {
      toast.error('文件读取失败');
      return null;
    }
  };

  useEffect(() => {
    if (!isImage) return;
    let url: string | null = null;
    let live = true;
    void fetchBlob().then((b) => {
      if (!b || !live) return;
      url = URL.createObjectURL(b);
      setSrc(url);
    });
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
    // One preview per file id.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [file.id, isImage]);

  const download = async () => {
    const b = await fetchBlob();
    if (!b) return;
    saveBlob(b, file.name);
  };

  return (
    <div>
      {isImage && src && <img className="admin-licence" src={src} alt={`${label}：${file.name}`} />}
      <div>
        <Button type="link" style={{ padding: 0 }} onClick={() => void download()}>
          下载 {file.name}
        </Button>
      </div>
    </div>
  );
}
