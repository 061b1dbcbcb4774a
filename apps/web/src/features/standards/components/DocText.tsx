import { useEffect, useRef, type ReactNode } from 'react';
import type { DocCitationT } from '@zs/shared/api/document-check';

/** Characters of the text view: a long document is shown up to here (the list above has every citation). */
const VIEW_MAX = 200_000;

/** The document's text as read, each citation highlighted by its verdict; the chosen one scrolled into view. */
export function DocText({ text, citations, active }: { text: string; citations: DocCitationT[]; active: number | null }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (active == null) return;
    box.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [active]);
  const shown = text.slice(0, VIEW_MAX);
  const parts: ReactNode[] = [];
  let at = 0;
  for (const c of citations) {
    if (c.start < at || c.end > shown.length) continue;
    parts.push(shown.slice(at, c.start));
    parts.push(
      <mark
        key={c.index}
        data-index={c.index}
        className={`doc-mark doc-verdict-${c.verdict}${active === c.index ? ' doc-mark-active' : ''}`}
        title={c.note ?? undefined}
      >
        {shown.slice(c.start, c.end)}
      </mark>,
    );
    at = c.end;
  }
  parts.push(shown.slice(at));
  return (
    <details className="doc-text-box" open={citations.length > 0}>
      <summary>文档文字（引用已标出）</summary>
      <div ref={box} className="doc-text" data-testid="doc-text">
        {parts}
        {text.length > VIEW_MAX && (
          <p className="doc-note">文档较长，此处只显示前 {VIEW_MAX.toLocaleString()} 个字符；上表列出全部引用。</p>
        )}
      </div>
    </details>
  );
}
