// Labelled queries for recall@10: number spellings (one expected record), number prefixes (every
// record with the prefix), and keyword queries of two title words, contiguous or not (every record
// whose title holds both words). Expected sets are computed by brute force over the records.
export interface LabelledRecord {
  id: number;
  standardNo: string;
  noKey: string;
  noPrefix: string;
  title: string;
}
export interface Labelled {
  kind: 'number' | 'prefix' | 'keyword';
  /** The class the recall table prints separately (issue 29); the kind when not set. */
  cls?: string;
  q: string;
  expected: Set<number>;
}

const full = (s: string) => s.replace(/[!-~]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));
const seg = new Intl.Segmenter('zh', { granularity: 'word' });

export function labelledQueries(records: LabelledRecord[], rnd: () => number, n = { number: 120, prefix: 40, keyword: 150 }) {
  const pick = <T>(a: T[]) => a[Math.floor(rnd() * a.length)]!;
  const out: Labelled[] = [];
  const spell = [
    (s: string) => s,
    (s: string) => s.replace('/', ''),
    (s: string) => full(s.replace('/', '')),
    (s: string) =>
      s
        .toLowerCase()
        .replace(/ /, '')
        .replace(/-(\d{4})$/, '.$1'),
    (s: string) => s.replace(/-(\d{4})$/, ' — $1'),
    (s: string) => s.replace(/-(\d{4})$/, ''),
    // Spellings docs/search.md lists as accepted: the mark after a space, a two-digit year, an
    // amendment mark after the number.
    (s: string) => s.replace('/', ' '),
    (s: string) => s.replace(/-\d\d(\d\d)$/, '-$1'),
    (s: string) => `${s} XG1`,
  ];
  for (let i = 0; i < n.number; i++) {
    const r = pick(records);
    const q = spell[i % spell.length]!(r.standardNo);
    // Without year, every edition of the number is right; synthetic numbers have one edition each.
    out.push({ kind: 'number', q, expected: new Set([r.id]) });
  }
  for (let i = 0; i < n.prefix; i++) {
    const r = pick(records);
    const digits = /\d+/.exec(r.noKey.slice(r.noPrefix.length))?.[0] ?? '';
    const lead = digits.slice(0, Math.max(1, digits.length - 2));
    const q = i % 4 === 0 ? r.noPrefix : `${r.noPrefix}${r.noPrefix.endsWith('08') ? '-' : ' '}${lead}`;
    const key = q.replace(/ /g, '');
    out.push({ kind: 'prefix', q, expected: new Set(records.filter((x) => x.noKey.startsWith(key)).map((x) => x.id)) });
  }
  while (out.filter((l) => l.kind === 'keyword').length < n.keyword) {
    const r = pick(records);
    const words = [...seg.segment(r.title)].filter((s) => s.isWordLike && s.segment.length >= 2).map((s) => s.segment);
    if (words.length < 2) continue;
    // Every other query skips a word, so the two words are not contiguous in the title.
    const a = words[0]!;
    const b = words[Math.min(words.length - 1, out.length % 2 ? 2 : 1)]!;
    if (a === b) continue;
    const expected = new Set(records.filter((x) => x.title.includes(a) && x.title.includes(b)).map((x) => x.id));
    out.push({ kind: 'keyword', q: `${a}${b}`, expected });
  }
  for (const l of out) l.cls ??= l.kind === 'keyword' ? 'two words' : l.kind;
  out.push(...issue29Classes(records, rnd));
  out.push(...shapeClasses(records, rnd));
  return out;
}

/**
 * Classes added for issue 29, after the others so their picks stay as they were: a hyphen typed for the
 * slash (`GB-T 50010`, `gb-t 50011`); a Shanghai number prefix in one spelling, whose first page is that
 * spelling's records (`DGJ08-1` before DG/TJ08-1…); one title word, whose first page is titles holding
 * it, not titles found through a synonym only.
 */
function issue29Classes(records: LabelledRecord[], rnd: () => number, each = 20): Labelled[] {
  const pick = <T>(a: T[]) => a[Math.floor(rnd() * a.length)]!;
  const out: Labelled[] = [];
  const marked = records.filter((r) => /^[A-Z]+\/[TZ] /.test(r.standardNo));
  for (let i = 0; marked.length && i < each; i++) {
    const r = pick(marked);
    const q = r.standardNo.replace('/', i % 2 ? '-' : ' - ');
    out.push({ kind: 'number', cls: 'hyphen for slash', q: i % 3 ? q : q.toLowerCase(), expected: new Set([r.id]) });
  }
  const older = (r: LabelledRecord) => /^DG\/?J/.test(r.standardNo);
  const shanghai = records.filter((r) => r.noPrefix === 'DG/TJ08');
  for (let i = 0; shanghai.length && i < each; i++) {
    const r = pick(shanghai);
    const digits = /\d+/.exec(r.noKey.slice('DG/TJ08-'.length))?.[0] ?? '';
    const key = `DG/TJ08-${digits.slice(0, Math.max(1, digits.length - 1))}`;
    const expected = new Set(shanghai.filter((x) => x.noKey.startsWith(key) && older(x) === older(r)).map((x) => x.id));
    out.push({ kind: 'prefix', cls: 'typed series', q: key.replace('DG/TJ08', older(r) ? 'DGJ08' : 'DG/TJ08'), expected });
  }
  for (let i = 0; i < each * 4 && out.length < each * 3; i++) {
    const words = [...seg.segment(pick(records).title)].filter((s) => s.isWordLike && s.segment.length >= 2);
    const w = words[0]?.segment;
    if (!w) continue;
    out.push({
      kind: 'keyword',
      cls: 'typed word',
      q: w,
      expected: new Set(records.filter((x) => x.title.includes(w)).map((x) => x.id)),
    });
  }
  return out;
}

/**
 * The query shapes of issue 29, built from the titles and numbers by rules, appended last so the picks
 * above stay as they were. Expected records are found by plain string tests over every record, never by a
 * search engine:
 * - crossing: a 2–4-character piece of a title that starts inside one word and ends in the next; expected:
 *   titles holding the piece.
 * - piece N (N = 1…8): N characters of a title from a random position; expected: titles holding them.
 * - unrelated pair: the first word of one title and the first word of another, with a space; expected:
 *   titles holding both, or, where none does, titles holding either (what a two-half-remembered-words
 *   query should bring back rather than nothing).
 * - word + number: a title word, a space, and the series and leading digits of that record's number
 *   (`抗震 GB/T 500`), or the leading digits alone; expected: titles holding the word among numbers that
 *   start so.
 */
function shapeClasses(records: LabelledRecord[], rnd: () => number, each = 20): Labelled[] {
  const pick = <T>(a: T[]) => a[Math.floor(rnd() * a.length)]!;
  const out: Labelled[] = [];
  const holding = (...pieces: string[]) =>
    new Set(records.filter((x) => pieces.every((p) => x.title.includes(p))).map((x) => x.id));
  const words = (title: string) =>
    [...seg.segment(title)].filter((s) => s.isWordLike).map((s) => ({ at: s.index, w: s.segment }));
  for (let tries = 0, n = 0; n < each && tries < each * 20; tries++) {
    const title = pick(records).title;
    const ws = words(title);
    if (ws.length < 2) continue;
    const k = 1 + Math.floor(rnd() * (ws.length - 1));
    const boundary = ws[k]!.at;
    const len = 2 + Math.floor(rnd() * 3);
    const from = Math.max(0, boundary - 1 - Math.floor(rnd() * (len - 1)));
    const q = title.slice(from, from + len);
    if (q.length < 2 || from >= boundary || from + q.length <= boundary) continue;
    out.push({ kind: 'keyword', cls: 'crossing', q, expected: holding(q) });
    n++;
  }
  for (let len = 1; len <= 8; len++) {
    for (let tries = 0, n = 0; n < each / 2 && tries < each * 20; tries++) {
      const t = pick(records).title;
      if (t.length < len) continue;
      const from = Math.floor(rnd() * (t.length - len + 1));
      const q = t.slice(from, from + len);
      out.push({ kind: 'keyword', cls: `piece ${len}`, q, expected: holding(q) });
      n++;
    }
  }
  for (let n = 0; n < each; n++) {
    const a = words(pick(records).title)[0]?.w;
    const b = words(pick(records).title)[0]?.w;
    if (!a || !b || a === b) continue;
    const both = holding(a, b);
    const either = new Set(records.filter((x) => x.title.includes(a) || x.title.includes(b)).map((x) => x.id));
    out.push({ kind: 'keyword', cls: 'unrelated pair', q: `${a} ${b}`, expected: both.size ? both : either });
  }
  for (let tries = 0, n = 0; n < each && tries < each * 20; tries++) {
    const r = pick(records);
    const w = words(r.title).find((x) => x.w.length >= 2)?.w;
    const digits = /\d+/.exec(r.noKey.slice(r.noPrefix.length))?.[0] ?? '';
    if (!w || digits.length < 2) continue;
    const lead = digits.slice(0, Math.max(2, digits.length - 2));
    const withSeries = n % 2 === 0;
    const q = withSeries ? `${w} ${r.noPrefix}${r.noPrefix.endsWith('08') ? '-' : ' '}${lead}` : `${w} ${lead}`;
    const expected = new Set(
      records
        .filter((x) => x.title.includes(w))
        .filter((x) => {
          const d = /\d+/.exec(x.noKey.slice(x.noPrefix.length))?.[0] ?? '';
          return d.startsWith(lead) && (!withSeries || x.noPrefix === r.noPrefix);
        })
        .map((x) => x.id),
    );
    out.push({ kind: 'keyword', cls: 'word + number', q, expected });
    n++;
  }
  return out;
}

/** Share of the expected records in the first ten answers, out of at most ten. */
export function recallAt10(got: number[], expected: Set<number>): number {
  if (!expected.size) return 1;
  const hit = got.slice(0, 10).filter((id) => expected.has(id)).length;
  return hit / Math.min(10, expected.size);
}
