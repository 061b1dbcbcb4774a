import { useState } from 'react';
import { Link } from 'react-router';
import { portalApi, safeUrl, type ItemDetail } from '../../../components/content/index.ts';
import { downloadFile } from '../../../lib/download.ts';
import { toast } from '../../../lib/feedback.ts';
import { useSession } from '../../../lib/session.ts';

interface Doc {
  fileId: number;
  name: string;
}

const docsOf = (v: unknown): Doc[] =>
  Array.isArray(v) ? v.filter((d): d is Doc => typeof d?.fileId === 'number' && typeof d?.name === 'string') : [];

/**
 * Documents and video of a training item. Downloads are for certified enterprises (docs/product.md §6);
 * the server enforces it and the daily quota, and its message is shown when it refuses.
 */
export function TrainingFiles({ item }: { item: ItemDetail }) {
  const certified = useSession((s) => s.userInfo?.certified === true);
  const [busy, setBusy] = useState<number | null>(null);
  const docs = docsOf(item.attrs.documents);
  const video = safeUrl(item.attrs.videoUrl);
  if (docs.length === 0 && !video) return null;

  const download = async (doc: Doc) => {
    setBusy(doc.fileId);
    const res = await downloadFile(portalApi.fileUrl('training', item.id, doc.fileId), doc.name);
    setBusy(null);
    if (!res.ok) toast.error(res.message);
  };

  return (
    <section className="training-files" aria-label="培训资料文件">
      {video && (
        <p>
          <a href={video} target="_blank" rel="noopener noreferrer">
            观看培训视频
          </a>
        </p>
      )}
      {docs.length > 0 && (
        <>
          <h2 className="detail-subtitle">资料下载</h2>
          <ul className="training-docs">
            {docs.map((d) => (
              <li key={d.fileId}>
                <span className="training-doc-name">{d.name}</span>
                {certified ? (
                  <button type="button" className="btn" disabled={busy === d.fileId} onClick={() => void download(d)}>
                    {busy === d.fileId ? '下载中…' : '下载'}
                  </button>
                ) : (
                  <Link to="/enterprise-auth" className="training-doc-locked">
                    企业认证后可下载
                  </Link>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
