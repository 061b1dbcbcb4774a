// The in-memory engines a small portal would pick instead of database search, configured the way one
// would in about an hour: Intl.Segmenter words plus Han bigrams for titles, a simple number normaliser
// (NFKC, upper case, separators dropped) with prefix matching for numbers.
import FlexSearch from 'flexsearch';
import MiniSearch from 'minisearch';

export interface PeerRecord {
  id: number;
  no: string;
  title: string;
}

export interface Peer {
  name: string;
  search(q: string): number[] | Promise<number[]>;
}

const seg = new Intl.Segmenter('zh', { granularity: 'word' });
const HAN = /\p{Script=Han}/u;

export function titleTokens(s: string): string[] {
  const out = new Set<string>();
  for (const w of seg.segment(s.normalize('NFKC').toLowerCase())) {
    if (!w.isWordLike) continue;
    out.add(w.segment);
    if (HAN.test(w.segment)) {
      const c = [...w.segment];
      for (let i = 0; i + 1 < c.length; i++) out.add(c[i]! + c[i + 1]!);
    }
  }
  return [...out];
}

/** `GB/T 50011-2010` → `GBT500112010`; lowercase, full-width and separators folded. */
export const compactNo = (s: string) =>
  s
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[\s/\\\-—－.:_]/g, '');
const noTokens = (no: string) => {
  const c = compactNo(no);
  const noYear = compactNo(no.replace(/[-—－.]\s*\d{4}(\(.*)?$/, ''));
  return [...new Set([c, noYear])];
};
const looksLikeNumber = (q: string) => /^[\sA-Za-zＡ-Ｚａ-ｚ/／\\]*[0-9０-９]/.test(q) || /^[A-Za-z]{2,}/.test(q);

export function buildFlex(records: PeerRecord[]): Peer {
  const title = new FlexSearch.Index({ tokenize: 'strict', encode: titleTokens });
  const no = new FlexSearch.Index({ tokenize: 'forward', encode: (s: string) => noTokens(s) });
  for (const r of records) {
    title.add(r.id, r.title);
    no.add(r.id, r.no);
  }
  return {
    name: 'FlexSearch',
    search(q) {
      const byNo = looksLikeNumber(q) ? (no.search(compactNo(q), { limit: 10 }) as number[]) : [];
      const byTitle = title.search(q, { limit: 10, suggest: true }) as number[];
      return [...new Set([...byNo, ...byTitle])].slice(0, 10);
    },
  };
}

export function buildMini(records: PeerRecord[]): Peer {
  const mini = new MiniSearch<PeerRecord>({
    fields: ['title', 'no'],
    tokenize: (text, field) => (field === 'no' ? noTokens(text) : titleTokens(text)),
    processTerm: (t) => t,
    searchOptions: { boost: { no: 3 } },
  });
  mini.addAll(records);
  return {
    name: 'MiniSearch',
    search(q) {
      const numberLike = looksLikeNumber(q);
      const hits = mini.search(numberLike ? compactNo(q) : q, {
        fields: numberLike ? ['no'] : ['title'],
        prefix: numberLike,
        tokenize: numberLike ? (s) => [s] : titleTokens,
      });
      return hits.slice(0, 10).map((h) => h.id as number);
    },
  };
}
