import { describe, expect, it } from 'vitest';
import { partialSets, PARTIAL_CANDIDATES } from '../src/modules/standards/search/search-sql.ts';
import { TitleIndexBuilder } from '../src/modules/standards/search/title-index-builder.ts';

type PartialSets = { tokens: string[]; subsets: string[][] }[];
interface Rec {
  id: number;
  inForce: boolean;
  date: string | null;
  tokens: Set<string>;
}

function indexOf(recs: Rec[]) {
  const b = new TitleIndexBuilder();
  for (const r of recs)
    b.add({ id: r.id, name: [...r.tokens].join(''), inForce: r.inForce, date: r.date, tokens: [...r.tokens].join(' ') });
  return b.build(1);
}

/** buildPartial's ranking, record by record: the records holding a subset but no whole set, best first, capped. */
function referencePartial(recs: Rec[], sets: PartialSets, offset: number, size: number) {
  const holds = (r: Rec, ts: string[]) => ts.every((t) => r.tokens.has(t));
  const tie = (a: Rec, c: Rec) => (c.date ?? '').localeCompare(a.date ?? '') || c.id - a.id;
  const held = (r: Rec) => Math.max(...sets.map((s) => s.tokens.filter((t) => r.tokens.has(t)).length));
  const c = recs.filter((r) => sets.some((s) => s.subsets.some((sub) => holds(r, sub))) && !sets.some((s) => holds(r, s.tokens)));
  const ranked = c
    .sort((x, y) => held(y) - held(x) || Number(y.inForce) - Number(x.inForce) || tie(x, y))
    .slice(0, PARTIAL_CANDIDATES);
  return { ids: ranked.slice(offset, offset + size).map((r) => r.id), total: ranked.length };
}

/**
 * The partial ranking's walks (ADR 0097: levels through a set's shortest lists, subsets through each
 * subset's shortest list, records read through stamped marks of the window read) against a record-by-record reference of
 * buildPartial's ranking, over random token sets: tokens held by most records, by a few, by none; sets of
 * two to twelve tokens, with synonyms; pages at the top, deep, past the cap, and empty.
 */
describe('partial ranking against a record-by-record reference, random token sets', () => {
  const COMMON = ['规', '范', '标', '准', '程'];
  const WORDS = ['设计', '施工', '验收', '检测', '结构', '工程', '安全', '道路', '桥梁', '管道', '监测', '防水'];
  // Rare tokens: a few hundred records each, so their lists are marked rather than read through bitmaps.
  const RARE = ['家畜', '代理', '深度', '允许', '油罐', '感光', '青', '英', '运', '鬲'].concat(
    Array.from({ length: 40 }, (_, i) => String.fromCharCode(0x5c00 + i * 3)),
  );
  const ABSENT = ['甲乙', '丙'];
  const VOCAB = [...COMMON, ...WORDS, ...RARE, ...ABSENT];
  let seed = 11;
  const rnd = () => (seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff) / 0x7fffffff;
  const pick = <T>(a: T[]) => a[Math.floor(rnd() * a.length)]!;
  const recs: Rec[] = [];
  // Enough records for bitmaps (lists holding 1/32 of them), several windows and early stops.
  for (let id = 1; id <= 30_000; id++) {
    const parts = Array.from({ length: 1 + Math.floor(rnd() * 5) }, () =>
      rnd() < 0.45 ? pick(WORDS) : rnd() < 0.6 ? pick(COMMON) : pick(RARE),
    );
    const date = rnd() < 0.1 ? null : `20${10 + Math.floor(rnd() * 12)}-0${1 + Math.floor(rnd() * 9)}-01`;
    recs.push({ id, inForce: rnd() < 0.3, date, tokens: new Set([...parts, ...parts.join('')]) });
  }
  const index = indexOf(recs);

  const reference = (sets: PartialSets, offset: number, size: number) => referencePartial(recs, sets, offset, size);

  const tokenSet = () => {
    const n = 2 + Math.floor(rnd() * (rnd() < 0.8 ? 5 : 11));
    return [...new Set(Array.from({ length: n }, () => pick(VOCAB)))];
  };
  const queries = Array.from({ length: 120 }, () =>
    Array.from({ length: rnd() < 0.8 ? 1 : 2 + Math.floor(rnd() * 2) }, tokenSet).filter((ts) => ts.length >= 2),
  ).filter((q) => q.length);
  const pages = [
    [0, 20],
    [0, 7],
    [20, 20],
    [480, 40],
    [600, 20],
    [0, 0],
  ] as const;

  // Common tokens' records are found through their bitmaps together, or by walking their lists (ADR 0121): both
  // must rank as the reference, and the random sets must take the first way often.
  it.each([true, false])('ranks, counts and pages every random token set as the reference (bitmap groups: %s)', (groups) => {
    index.bitmapGroups = groups;
    const walksBefore = index.groupWalks;
    let partials = 0;
    let capped = 0;
    for (const tokenSets of queries) {
      const sets = partialSets(tokenSets);
      for (const [offset, size] of pages) {
        const want = reference(sets, offset, size);
        if (want.ids.length) partials++;
        if (want.total === PARTIAL_CANDIDATES) capped++;
        expect(
          index.rankPartial(sets, PARTIAL_CANDIDATES, offset, size),
          `${JSON.stringify(tokenSets)} ${offset}/${size}`,
        ).toEqual(want);
      }
    }
    index.bitmapGroups = true;
    // The sets reach both ends: pages with records, and totals stopped at the cap.
    expect(partials).toBeGreaterThan(100);
    expect(capped).toBeGreaterThan(50);
    if (groups) expect(index.groupWalks - walksBefore).toBeGreaterThan(100);
    else expect(index.groupWalks).toBe(walksBefore);
  });

  it('reads marks of an earlier ranking or window as not held, also when the stamp wraps around', () => {
    const sets = partialSets([['设计', '家畜', '深度', '规']]);
    const want = reference(sets, 0, 20);
    (index as unknown as { stamp: number }).stamp = 0xfffd;
    // Rankings of other tokens mark other lists in between; each answer must stay the reference's.
    for (let i = 0; i < 6; i++) {
      const other = partialSets([[pick(WORDS), pick(RARE), pick(COMMON)]]);
      expect(index.rankPartial(other, PARTIAL_CANDIDATES, 0, 20)).toEqual(reference(other, 0, 20));
      expect(index.rankPartial(sets, PARTIAL_CANDIDATES, 0, 20)).toEqual(want);
    }
    expect((index as unknown as { stamp: number }).stamp).toBeLessThan(0xfffd);
  });
});

/**
 * The levels read after the cap (ADR 0124): lists too short for bitmaps but long enough that the candidates reach the
 * cap early, and too few records holding all tokens but one for the page, so the rest of them must all be found.
 */
describe('partial ranking of sparse lists past the cap', () => {
  let seed = 7;
  const rnd = () => (seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff) / 0x7fffffff;
  // Six tokens, each in under 3 % of 100,000 records (bitmaps start at 1/32), often three of them together, rarely
  // four; few records in force. So the candidates reach the cap early, and the page's lowest class is below the
  // best, whose records must then all be found (a level read after the cap).
  const TOKENS = ['甲', '乙', '丙', '丁', '戊', '己'];
  const recs: Rec[] = Array.from({ length: 100_000 }, (_, i) => {
    const tokens = new Set(['标']);
    if (rnd() < 0.095) for (const t of TOKENS) if (rnd() < 0.3) tokens.add(t);
    return { id: i + 1, inForce: rnd() < 0.1, date: `20${10 + Math.floor(rnd() * 12)}-01-01`, tokens };
  });
  const index = indexOf(recs);

  it('ranks, counts and pages as the reference', () => {
    for (const tokens of [TOKENS.slice(0, 5), TOKENS.slice(1), ['丙', '己', '甲', '戊', '乙']]) {
      const sets = partialSets([tokens]);
      for (const [offset, size] of [
        [0, 20],
        [20, 20],
        [0, 7],
      ] as const) {
        const want = referencePartial(recs, sets, offset, size);
        expect(want.total, `${tokens}`).toBe(PARTIAL_CANDIDATES);
        expect(index.rankPartial(sets, PARTIAL_CANDIDATES, offset, size), `${tokens} ${offset}/${size}`).toEqual(want);
      }
    }
  });
});
