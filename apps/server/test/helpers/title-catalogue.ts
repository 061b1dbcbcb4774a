/**
 * A deterministic catalogue of 示例 titles and the keywords searched in it (title-index.test.ts, title-index-overlay.test.ts):
 * exact, leading, containing and scattered title matches, fragments crossing word boundaries, partial matches.
 */
export const WORDS = [
  '混凝土',
  '结构',
  '设计',
  '规范',
  '建筑',
  '抗震',
  '地下',
  '防水',
  '工程',
  '技术',
  '道路',
  '城市',
  '施工',
  '验收',
  '砼',
  '节能',
];
const STATUSES = ['现行', '现行', '即将实施', '被代替', '废止'];
// Few distinct dates (and some missing) so ties fall through to the id order.
const DATES = ['2020-01-01', '2021-06-01', '', '2019-03-01', '2021-06-01'];

/** A deterministic catalogue (示例) with exact, leading, containing and scattered title matches. */
export function catalogueCsv(n: number): string {
  let seed = 7;
  const rnd = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  const pick = <T>(a: T[]) => a[Math.floor(rnd() * a.length)]!;
  const lines = ['standardNo,nameZh,status,implementDate'];
  for (let i = 1; i <= n; i++) {
    const words = i % 17 === 0 ? [pick(WORDS)] : Array.from({ length: 1 + Math.floor(rnd() * 4) }, () => pick(WORDS));
    const title = `${words.join(i % 5 === 0 ? '与' : '')}${i % 3 === 0 ? '规程' : ''}`;
    lines.push(`T/ZSTI ${i}-2020,${title},${pick(STATUSES)},${pick(DATES)}`);
  }
  return `${lines.join('\n')}\n`;
}

export const QUERIES = [
  ...WORDS,
  ...WORDS.flatMap((a, i) => [`${a}${WORDS[(i + 1) % WORDS.length]}`, `${a} ${WORDS[(i + 5) % WORDS.length]}`]),
  '混凝土结构设计',
  '地下室防水',
  '城市道路工程施工',
  '砼结构',
  '建筑抗震设计规范',
  '结构与设计',
  '没有这个词',
];
/**
 * Shapes typed as fragments (issue 29), ranked in memory since single characters have lists: pieces
 * crossing word boundaries (土结, 构设计规 → 构 + 设计 + 规), single characters, two pieces, a piece with
 * a character no title holds (partial matches holding a character).
 */
export const FRAGMENTS = [
  '土结',
  '凝土结',
  '构设计规',
  '计规',
  '结',
  '规',
  '砼',
  '与',
  '程',
  '土结 计规',
  '水工 防',
  '砼结构设计规程',
  '结构鬲设计',
  '地下防水漖',
];
export const SHAPES = [
  { page: 1, size: 20 },
  { page: 2, size: 7 },
  { page: 4, size: 5 },
];
