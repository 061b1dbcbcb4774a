// Query sets by shape (issue 29), built from the catalogue's own titles and numbers by rules rather than
// from the bench's vocabulary, so the figures hold for what people type, not for one generator's output.
// Every set is distinct: each query is asked once, so no answer cache can help.
import { load, type LoadResult } from './lib.ts';

export interface ShapeRecord {
  no: string;
  title: string;
}

const seg = new Intl.Segmenter('zh', { granularity: 'word' });
const chars = (s: string) => [...s];

/** Offsets (in code points) where a word of the title starts, after the first. */
function wordStarts(title: string): Set<number> {
  const out = new Set<number>();
  let at = 0;
  for (const s of seg.segment(title)) {
    if (at > 0) out.add(at);
    at += chars(s.segment).length;
  }
  return out;
}

/** A piece of `len` code points crossing at least one word boundary, when the title has one. */
function crossingPiece(title: string, len: number, rnd: () => number): string | undefined {
  const cs = chars(title);
  if (cs.length < len + 1) return undefined;
  const starts = [...wordStarts(title)].filter((b) => b > 0 && b < cs.length);
  if (!starts.length) return undefined;
  const b = starts[Math.floor(rnd() * starts.length)]!;
  // The piece [s, s + len) with s < b < s + len.
  const lo = Math.max(0, b - len + 1);
  const hi = Math.min(b - 1, cs.length - len);
  if (hi < lo) return undefined;
  const s = lo + Math.floor(rnd() * (hi - lo + 1));
  return cs.slice(s, s + len).join('');
}

function piece(title: string, len: number, rnd: () => number): string | undefined {
  const cs = chars(title);
  if (cs.length < len) return undefined;
  const s = Math.floor(rnd() * (cs.length - len + 1));
  return cs.slice(s, s + len).join('');
}

/** A fragment of a standard number: its digits cut short, or the series with the digits' start. */
function numberFragment(no: string, rnd: () => number): string {
  const digits = /\d+/.exec(no.replace(/^[^\d]*/, ''))?.[0] ?? no;
  const cut = digits.slice(0, 1 + Math.floor(rnd() * Math.max(1, digits.length - 1)));
  return rnd() < 0.5 ? cut : no.slice(0, no.search(/\d/) + cut.length).trim();
}

export const SHAPES = {
  'piece 2–4, crossing words': (r: ShapeRecord, _o: ShapeRecord, rnd: () => number) =>
    crossingPiece(r.title, 2 + Math.floor(rnd() * 3), rnd),
  'two pieces 2–4': (r: ShapeRecord, o: ShapeRecord, rnd: () => number) => {
    const a = crossingPiece(r.title, 2 + Math.floor(rnd() * 3), rnd);
    const b = crossingPiece(o.title, 2 + Math.floor(rnd() * 3), rnd);
    return a && b ? `${a} ${b}` : undefined;
  },
  'two title starts 2–3': (r: ShapeRecord, o: ShapeRecord, rnd: () => number) =>
    `${chars(r.title)
      .slice(0, 2 + Math.floor(rnd() * 2))
      .join('')} ${chars(o.title)
      .slice(0, 2 + Math.floor(rnd() * 2))
      .join('')}`,
  'piece 5–8': (r: ShapeRecord, _o: ShapeRecord, rnd: () => number) => piece(r.title, 5 + Math.floor(rnd() * 4), rnd),
  'piece 2–3 + number fragment': (r: ShapeRecord, _o: ShapeRecord, rnd: () => number) => {
    const p = piece(r.title, 2 + Math.floor(rnd() * 2), rnd);
    return p && (rnd() < 0.5 ? `${p} ${numberFragment(r.no, rnd)}` : `${numberFragment(r.no, rnd)} ${p}`);
  },
  'number start': (r: ShapeRecord, _o: ShapeRecord, rnd: () => number) => {
    const first = r.no.search(/\d/);
    const end = r.no.lastIndexOf('-');
    if (first < 0 || end <= first) return undefined;
    return r.no.slice(0, first + 1 + Math.floor(rnd() * (end - first)));
  },
  'single character': (r: ShapeRecord, _o: ShapeRecord, rnd: () => number) => piece(r.title, 1, rnd),
  'any 1–8 characters': (r: ShapeRecord, o: ShapeRecord, rnd: () => number) => {
    const len = 1 + Math.floor(rnd() * 8);
    return rnd() < 0.8 ? piece(r.title, len, rnd) : piece(o.no, Math.min(len, o.no.length), rnd);
  },
} satisfies Record<string, (r: ShapeRecord, other: ShapeRecord, rnd: () => number) => string | undefined>;

export type Shape = keyof typeof SHAPES;

/** Up to `n` distinct queries of one shape; fewer when the catalogue has fewer (single characters). */
export function shapeQueries(shape: Shape, records: ShapeRecord[], n: number, rnd: () => number): string[] {
  const out = new Set<string>();
  const make = SHAPES[shape];
  for (let tries = 0; out.size < n && tries < n * 20; tries++) {
    const r = records[Math.floor(rnd() * records.length)]!;
    const o = records[Math.floor(rnd() * records.length)]!;
    const q = make(r, o, rnd)?.trim();
    if (q) out.add(q);
  }
  return [...out];
}

export interface ShapeFigures {
  shape: Shape;
  distinct: number;
  p95: number;
  run: LoadResult;
  /** Requests beyond the distinct set (asked again as another page, so still never cached). */
  repeated: number;
  /** Share of the result lines the 32-client run took from the line cache (decisions/0123), when given. */
  lineHits?: number;
  /** Pages whose missing lines one statement read, on average (decisions/0127), when given. */
  pagesPerRead?: number;
}

/**
 * Per shape: single-client p95 of `single` (the first queries, asked in process), then `connections`
 * clients over HTTP on the rest, each query asked once. A set that runs out (single characters) goes on
 * with page 2, 3, … of the same queries: a new answer each time, still no cache hit.
 */
export async function measureShapes(opts: {
  records: ShapeRecord[];
  rnd: () => number;
  origin: string;
  single: (q: string) => Promise<unknown>;
  seconds: number;
  connections: number;
  perShape: number;
  singleN?: number;
  only?: Set<string>;
  /** The server's line cache counters (decisions/0123): each shape prints the share of lines it served. */
  lineStats?: () => { hits: number; misses: number; reads: number; asks: number; headReads: number; headAsks: number };
}): Promise<ShapeFigures[]> {
  const out: ShapeFigures[] = [];
  const singleN = opts.singleN ?? 300;
  for (const shape of Object.keys(SHAPES) as Shape[]) {
    if (opts.only && !opts.only.has(shape)) continue;
    const qs = shapeQueries(shape, opts.records, opts.perShape + singleN, opts.rnd);
    const singleQs = qs.slice(0, Math.min(singleN, Math.floor(qs.length / 2)));
    const httpQs = qs.slice(singleQs.length);
    const times: number[] = [];
    for (const q of singleQs) {
      const s = performance.now();
      await opts.single(q);
      times.push(performance.now() - s);
    }
    times.sort((a, b) => a - b);
    const p95 = +times[Math.min(times.length - 1, Math.floor(0.95 * times.length))]!.toFixed(1);
    let i = 0;
    const nextPath = () => {
      const k = i++;
      const page = 1 + Math.floor(k / httpQs.length);
      return `/api/portal/standards?keyword=${encodeURIComponent(httpQs[k % httpQs.length]!)}${page > 1 ? `&page=${page}` : ''}`;
    };
    const before = opts.lineStats?.();
    const run = await load(`shape: ${shape}`, {
      url: `${opts.origin}/`,
      nextPath,
      duration: opts.seconds,
      connections: opts.connections,
    });
    // The paths were made ahead (lib.ts load): how many the run used says how far past the set it went.
    const asked = run.sent ?? i;
    const after = opts.lineStats?.();
    const lineHits =
      before && after
        ? (after.hits - before.hits) / Math.max(1, after.hits - before.hits + after.misses - before.misses)
        : undefined;
    const pagesPerRead =
      before && after && after.reads > before.reads ? (after.asks - before.asks) / (after.reads - before.reads) : undefined;
    // Number listings whose heads one statement read (decisions/0128).
    const listingsPerRead =
      before && after && after.headReads > before.headReads
        ? (after.headAsks - before.headAsks) / (after.headReads - before.headReads)
        : undefined;
    out.push({ shape, distinct: qs.length, p95, run, repeated: Math.max(0, asked - httpQs.length), lineHits, pagesPerRead });
    console.log(
      `  ${shape}: ${qs.length} distinct, single-client p95 ${p95} ms; ${opts.connections} clients ${Math.round(run.rps)} req/s, p99 ${run.p99} ms${asked > httpQs.length ? ` (${asked - httpQs.length} past the set, as later pages)` : ''}${lineHits === undefined ? '' : `; ${(lineHits * 100).toFixed(0)} % of lines from the line cache`}${pagesPerRead === undefined ? '' : `, ${pagesPerRead.toFixed(1)} pages' lines per statement`}${listingsPerRead === undefined ? '' : `, ${listingsPerRead.toFixed(1)} listings' heads per statement`}`,
    );
  }
  return out;
}
