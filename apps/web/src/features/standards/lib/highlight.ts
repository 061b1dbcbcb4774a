/**
 * The server's `highlight` is HTML-escaped text with matches wrapped in <em>…</em>. It is split
 * into plain text pieces and marked pieces; entities are decoded back to text, and React then
 * escapes everything again, so no markup from the data can ever run.
 */
export interface Piece {
  text: string;
  mark: boolean;
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&#x27;': "'" };
const decode = (s: string) => s.replace(/&(?:amp|lt|gt|quot|#39|#x27);/g, (m) => ENTITIES[m] ?? m);

export function splitHighlight(html: string): Piece[] {
  const out: Piece[] = [];
  let mark = false;
  for (const token of html.split(/(<em>|<\/em>)/)) {
    if (token === '<em>') mark = true;
    else if (token === '</em>') mark = false;
    else if (token) out.push({ text: decode(token), mark });
  }
  return out;
}
