import { lazy, Suspense, useState } from 'react';
import { LoadingView, Notice } from './views.ts';
import { downloadFile } from '../../../lib/download.ts';
import { toast } from '../../../lib/feedback.ts';
import { useSession } from '../../../lib/session.ts';
import { useRemote } from '../../../lib/useRemote.ts';
import { standardsApi } from '../api/standards.ts';

// pdf.js is large: it loads only when a reader opens, in its own chunk.
const PdfReader = lazy(() => import('../../../components/reader/PdfReader.tsx'));

export const LIMITED_NOTICE = '仅可阅读前 3 页，完成企业认证后可阅读全文并下载';

/** Full-text block of a standard: what this user may read and download, decided by the server. */
export function FulltextPanel({ standardId, standardNo }: { standardId: number; standardNo: string }) {
  const token = useSession((s) => s.accessToken);
  const certified = useSession((s) => s.userInfo?.certified);
  // The session is part of the key: logging in or getting certified changes the answer.
  const info = useRemote(`ft/${standardId}/${token ? 'u' : 'v'}/${certified ? 'c' : ''}`, () =>
    standardsApi.fulltextInfo(standardId),
  );
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const d = info.data;
  if (!d) return null;

  const download = async () => {
    setBusy(true);
    const r = await downloadFile(standardsApi.downloadUrl(standardId), `${standardNo}.pdf`);
    setBusy(false);
    if (!r.ok) toast.error(r.message);
  };

  return (
    <section className="std-fulltext" data-testid="std-fulltext">
      <h2>标准全文</h2>
      {!d.hasFulltext ? (
        <p className="std-muted">本标准暂无可在线阅读的全文。</p>
      ) : (
        <>
          {d.readablePages < d.pages && (
            <div data-testid="std-limited">
              <Notice type="info">{LIMITED_NOTICE}</Notice>
            </div>
          )}
          <div className="std-fulltext-actions">
            <button type="button" className="btn btn-primary" onClick={() => setOpen(true)} disabled={open}>
              在线阅读（共 {d.pages} 页，可阅读 {d.readablePages} 页）
            </button>
            {d.canDownload && (
              <button type="button" className="btn" disabled={busy} onClick={download}>
                下载全文（带水印）
              </button>
            )}
          </div>
          {open && (
            <Suspense fallback={<LoadingView rows={3} />}>
              <PdfReader key={token} url={standardsApi.fulltextUrl(standardId)} />
            </Suspense>
          )}
        </>
      )}
    </section>
  );
}
