import { ZHONGSHAN_TOWNS } from '@zs/shared';

/** A town's name without its 镇 / 街道 ending: 小榄镇 → 小榄, 石岐街道 → 石岐 (古镇镇 → 古镇). */
const shortName = (name: string) => name.replace(/(街道|镇)$/, '');

/**
 * The town a company's registered name gives away (decisions/0089): the full name of one of the 23 towns
 * (中山市小榄镇…), or its short name right after 中山市 (中山市古镇…). None or more than one: unknown.
 */
export function townFromName(companyName: string): string | null {
  const name = companyName.replace(/\s+/g, '');
  const found = ZHONGSHAN_TOWNS.filter((t) => name.includes(t.name) || name.includes(`中山市${shortName(t.name)}`));
  return found.length === 1 ? found[0]!.code : null;
}
