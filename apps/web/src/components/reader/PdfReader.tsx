import { useEffect, useRef, useState } from 'react';
import { LoadingView, Notice } from '../content/StateViews.tsx';
import '../content/content.css';
import './reader.css';
import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { http } from '../../lib/http.ts';

GlobalWorkerOptions.workerSrc = workerUrl;

interface Props {
  /** API path (under the client's /api base) of the PDF this user may read: a standard's readable pages, a draft for comment. */
  url: string;
}

/**
 * The site's one PDF reader (standards' full texts, drafts for public comment): pdf.js, loaded only when the user opens a document (this module and pdfjs-dist form
 * their own chunk). The bytes come through the API client, so the token decides what is served.
 */
export default function PdfReader({ url }: Props) {
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    let live = true;
    let loaded: PDFDocumentProxy | null = null;
    (async () => {
      const res = await http.get<ArrayBuffer>(url, { responseType: 'arraybuffer' });
      const type = String(res.headers['content-type'] ?? '');
      if (!type.includes('application/pdf')) {
        const body = JSON.parse(new TextDecoder().decode(res.data)) as { msg?: string };
        throw new Error(body.msg || '全文加载失败');
      }
      loaded = await getDocument({ data: new Uint8Array(res.data) }).promise;
      if (live) setDoc(loaded);
    })().catch((err: unknown) => {
      if (live) setError(err instanceof Error && err.message ? err.message : '全文加载失败');
    });
    return () => {
      live = false;
      void loaded?.destroy();
    };
  }, [url]);

  useEffect(() => {
    if (!doc || !canvas.current) return;
    let task: { cancel: () => void } | null = null;
    let live = true;
    doc.getPage(page).then(
      (p) => {
        if (!live || !canvas.current) return;
        const el = canvas.current;
        const width = Math.min(el.parentElement?.clientWidth ?? 800, 900);
        const base = p.getViewport({ scale: 1 });
        const ratio = window.devicePixelRatio || 1;
        const viewport = p.getViewport({ scale: (width / base.width) * ratio });
        el.width = viewport.width;
        el.height = viewport.height;
        el.style.width = `${viewport.width / ratio}px`;
        const render = p.render({ canvas: el, viewport });
        task = render;
        render.promise.then(
          () => el.setAttribute('data-rendered-page', String(page)),
          () => undefined,
        );
      },
      () => undefined,
    );
    return () => {
      live = false;
      task?.cancel();
    };
  }, [doc, page]);

  if (error) return <Notice type="error">{error}</Notice>;
  if (!doc) return <LoadingView rows={3} />;
  return (
    <div className="std-reader" data-testid="std-reader">
      <div className="std-reader-bar">
        <button type="button" className="btn btn-small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
          上一页
        </button>
        <span data-testid="std-reader-pages">
          第 {page} 页 / 可阅读 {doc.numPages} 页
        </span>
        <button type="button" className="btn btn-small" disabled={page >= doc.numPages} onClick={() => setPage(page + 1)}>
          下一页
        </button>
      </div>
      <canvas ref={canvas} className="std-reader-canvas" data-testid="std-reader-canvas" />
    </div>
  );
}
