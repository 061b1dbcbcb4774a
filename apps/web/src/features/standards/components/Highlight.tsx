import { splitHighlight } from '../lib/highlight.ts';

/** Renders the server's highlight as React nodes (never as HTML). */
export function Highlight({ html }: { html: string }) {
  return (
    <>
      {splitHighlight(html).map((p, i) =>
        p.mark ? (
          <em key={i} className="std-hit">
            {p.text}
          </em>
        ) : (
          <span key={i}>{p.text}</span>
        ),
      )}
    </>
  );
}
