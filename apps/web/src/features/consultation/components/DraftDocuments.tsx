import { lazy, Suspense, useState } from 'react';
import { LoadingView } from '../../../components/content/StateViews.tsx';
import { readerPath, type ConsultationDetail } from '../api/consultation.ts';

// pdf.js is large: the site's one reader loads only when a document is opened, in its own chunk.
const PdfReader = lazy(() => import('../../../components/reader/PdfReader.tsx'));

type Doc = NonNullable<ConsultationDetail['draftFile']>;

/** 征求意见稿 and 编制说明: a PDF opens in the reader, every file can be downloaded. */
export function DraftDocuments({ draft }: { draft: ConsultationDetail }) {
  const [open, setOpen] = useState<string | null>(null);
  const docs = [
    { label: '征求意见稿', file: draft.draftFile },
    { label: '编制说明', file: draft.explanationFile },
  ].filter((d): d is { label: string; file: Doc } => d.file !== null);
  if (docs.length === 0) return <p className="cons-muted">文件尚未上传。</p>;
  return (
    <ul className="cons-docs">
      {docs.map(({ label, file }) => {
        const pdf = /\.pdf$/i.test(file.name);
        return (
          <li key={label}>
            <p className="cons-doc-head">
              <strong>{label}</strong>
              <span className="cons-doc-name">{file.name}</span>
              {pdf && (
                <button
                  type="button"
                  className="btn btn-small"
                  aria-expanded={open === label}
                  onClick={() => setOpen(open === label ? null : label)}
                >
                  {open === label ? '收起' : '在线阅读'}
                </button>
              )}
              <a className="btn btn-small" href={file.url} download={file.name}>
                下载
              </a>
            </p>
            {open === label && (
              <Suspense fallback={<LoadingView rows={3} />}>
                <PdfReader url={readerPath(file.url)} />
              </Suspense>
            )}
          </li>
        );
      })}
    </ul>
  );
}
