import { countPublished, publishedPerTown, publishedTownPage, sectionCategories } from '../portal/index.ts';
import { countLocalStandards, localStandardsPage, localStandardsPerTown } from '../standards/index.ts';
import { certifiedEnterprisesPage, countCertifiedEnterprises } from '../certification/index.ts';
import { PORTAL_SECTION_SLUGS, TOWN_CODES, categoryName, townName, type PortalSection } from '@zs/shared';
import type { Database } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/envelope.ts';
import { CENTRE_NOTE, TOWNS_WITH_CENTRES } from './towns.ts';

/** The figures of the data map; every number is a count of database rows, nothing is typed in. */
export const INDICATORS = {
  localStandards: { name: '中山市地方标准', unit: '项', perTown: true, note: '按起草单位所在镇街统计（起草单位名称含镇街名称）' },
  certifiedEnterprises: { name: '认证企业', unit: '家', perTown: false, note: '企业认证未登记所在镇街，仅统计全市合计' },
  xiangshanProducts: { name: '香山之品认证产品', unit: '个', perTown: true, note: null },
  giProducts: { name: '地理标志产品', unit: '个', perTown: true, note: null },
  demonstrations: { name: '标准化示范试点项目', unit: '个', perTown: true, note: null },
} as const;
export type Indicator = keyof typeof INDICATORS;

const PORTAL_INDICATORS: Partial<Record<Indicator, PortalSection>> = {
  xiangshanProducts: 'xiangshan_product',
  giProducts: 'gi_product',
  demonstrations: 'demonstration',
};

async function tableExists(db: Database, name: string): Promise<boolean> {
  const rows = await db.query<{ t: string | null }>('select to_regclass($1)::text as t', [name]);
  return rows[0]?.t != null;
}

export async function dataMap(db: Database) {
  const codes = TOWNS_WITH_CENTRES.map((t) => t.code);
  const names = TOWNS_WITH_CENTRES.map((t) => t.name);
  const perTown = new Map<string, Record<string, number | null>>(codes.map((c) => [c, { certifiedEnterprises: null }]));

  // Zhongshan local standards (DB4420 numbers) per town: those whose drafting units name the town.
  for (const r of await localStandardsPerTown(db, codes, names)) perTown.get(r.code)!.localStandards = r.n;

  const portal = await publishedPerTown(db, Object.values(PORTAL_INDICATORS));
  for (const [key, section] of Object.entries(PORTAL_INDICATORS)) {
    for (const c of codes) perTown.get(c)![key] = portal.find((r) => r.section === section && r.town_code === c)?.n ?? 0;
  }

  const totalsRow = {
    localStandards: await countLocalStandards(db),
    xiangshanProducts: await countPublished(db, 'xiangshan_product'),
    giProducts: await countPublished(db, 'gi_product'),
    demonstrations: await countPublished(db, 'demonstration'),
  };
  const certified = (await tableExists(db, 'enterprise_certifications')) ? await countCertifiedEnterprises(db) : 0;

  return {
    note: CENTRE_NOTE,
    indicators: Object.entries(INDICATORS).map(([key, v]) => ({ key, ...v })),
    towns: TOWNS_WITH_CENTRES.map((t) => ({
      code: t.code,
      name: t.name,
      center: t.center,
      approximate: true,
      figures: perTown.get(t.code)!,
    })),
    totals: { ...totalsRow, certifiedEnterprises: certified },
  };
}

export interface FigureRow {
  id: number;
  title: string;
  subtitle: string | null;
  date: string | null;
  townCode: string | null;
  townName: string | null;
  /** Where the row links: a portal section slug, 'standard' or null. */
  link: string | null;
}

const isoOrNull = (v: Date | string | null) => (v ? new Date(v).toISOString() : null);

/** The rows behind one figure of the map, optionally for one town. */
export async function figureRows(db: Database, indicator: string, town: string | undefined, page: number, size: number) {
  if (!Object.hasOwn(INDICATORS, indicator)) throw notFound('统计指标不存在');
  const key = indicator as Indicator;
  if (town && !TOWN_CODES.includes(town)) throw badRequest('镇街不存在');
  if (town && !INDICATORS[key].perTown) throw badRequest('该指标暂无镇街分布');
  const f = { page, size };
  let total = 0;
  let list: FigureRow[] = [];
  const section = PORTAL_INDICATORS[key];
  if (section) {
    const found = await publishedTownPage(db, section, town ?? null, f);
    total = found.total;
    const rows = found.list;
    // Editable sections (香山之品) name their categories as the office last saved them (docs/decisions/0060).
    const names = new Map((await sectionCategories(db, section, true)).map((c) => [c.code, c.name]));
    list = rows.map((r) => ({
      id: r.id,
      title: r.title,
      subtitle:
        (r.attrs.enterprise as string | undefined) ??
        (r.attrs.undertaker as string | undefined) ??
        (r.category ? (names.get(r.category) ?? categoryName(section, r.category)) : null),
      date: isoOrNull(r.published_at),
      townCode: r.town_code,
      townName: townName(r.town_code),
      link: PORTAL_SECTION_SLUGS[section],
    }));
  } else if (key === 'localStandards') {
    const name = town ? townName(town) : null;
    const found = await localStandardsPage(db, name, f);
    total = found.total;
    const rows = found.list;
    list = rows.map((r) => ({
      id: Number(r.id),
      title: `${r.standard_no} ${r.name_zh}`,
      subtitle: r.drafting_units,
      date: isoOrNull(r.implement_date),
      townCode: town ?? null,
      townName: name,
      link: 'standard',
    }));
  } else if (await tableExists(db, 'enterprise_certifications')) {
    // One row per certified enterprise account: its latest approved certification.
    const found = await certifiedEnterprisesPage(db, f);
    total = found.total;
    const rows = found.list;
    list = rows.map((r) => ({
      id: r.id,
      title: r.company_name,
      subtitle: null,
      date: isoOrNull(r.reviewed_at),
      townCode: null,
      townName: null,
      link: null,
    }));
  }
  return { total, list, page, size };
}
