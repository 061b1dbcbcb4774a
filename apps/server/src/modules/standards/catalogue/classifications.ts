import path from 'node:path';
import type { Database } from '../../../db/client.ts';
import { readCsv } from '../../../lib/tabular/readers.ts';

/**
 * Chinese names of the 40 ICS fields (the Chinese edition of the ICS, public). Only names we are
 * sure match the 7th edition's scope; 35 and 95 were reworded in ed. 7 and stay English.
 */
export const ICS_FIELD_NAMES_ZH: Record<string, string> = {
  '01': '综合、术语学、标准化、文献',
  '03': '社会学、服务、公司（企业）的组织和管理、行政、运输',
  '07': '数学、自然科学',
  '11': '医药卫生技术',
  '13': '环保、保健和安全',
  '17': '计量学和测量、物理现象',
  '19': '试验',
  '21': '机械系统和通用件',
  '23': '流体系统和通用件',
  '25': '机械制造',
  '27': '能源和热传导工程',
  '29': '电气工程',
  '31': '电子学',
  '33': '电信、音频和视频工程',
  '37': '成像技术',
  '39': '精密机械、珠宝',
  '43': '道路车辆工程',
  '45': '铁路工程',
  '47': '造船和海上构筑物',
  '49': '航空器和航天器工程',
  '53': '材料储运设备',
  '55': '货物的包装和调运',
  '59': '纺织和皮革技术',
  '61': '服装工业',
  '65': '农业',
  '67': '食品技术',
  '71': '化工技术',
  '73': '采矿和矿产品',
  '75': '石油及相关技术',
  '77': '冶金',
  '79': '木材技术',
  '81': '玻璃和陶瓷工业',
  '83': '橡胶和塑料工业',
  '85': '造纸技术',
  '87': '涂料和颜料工业',
  '91': '建筑材料和建筑物',
  '93': '土木工程',
  '97': '家用和商用设备、文娱、体育',
};

const s = (v: unknown) => (v === undefined || v === null ? '' : String(v).trim());

async function collect(file: string) {
  const out: Record<string, unknown>[] = [];
  for await (const r of readCsv(file)) out.push(r.row);
  return out;
}

/** Loads CCS (3 levels) and ICS (ed. 7) from packages/shared/data/classification; safe to rerun. */
export async function loadClassifications(db: Database, dir: string): Promise<{ ccs: number; ics: number }> {
  const ccs: { code: string; name: string; level: number; parent: string | null; notes: string | null }[] = [];
  for (const r of await collect(path.join(dir, 'ccs-cat-level1.csv'))) {
    ccs.push({ code: s(r['代码 / Code']), name: s(r['名称 / Name']), level: 1, parent: null, notes: null });
  }
  for (const r of await collect(path.join(dir, 'ccs-cat-level2.csv'))) {
    ccs.push({
      code: s(r['代码 / Code']),
      name: s(r['名称 / Name']),
      level: 2,
      parent: s(r['类 / Category']) || null,
      notes: s(r['注释 /Notes']) || null,
    });
  }
  for (const r of await collect(path.join(dir, 'ccs-cat-level3.csv'))) {
    ccs.push({
      code: s(r['代码 / Code']),
      name: s(r['名称 / Name']),
      level: 3,
      parent: s(r['代码 / Code#2']) || null,
      notes: s(r['备注 / Notes']) || null,
    });
  }
  const ics: {
    code: string;
    nameEn: string;
    nameZh: string | null;
    level: number;
    parent: string | null;
    notes: string | null;
  }[] = [];
  for (const r of await collect(path.join(dir, 'ics-ed7-en.csv'))) {
    const level = Number(s(r.level));
    const field = s(r.fieldcode);
    const parent = level === 1 ? null : level === 2 ? field : `${field}.${s(r.groupcode)}`;
    ics.push({
      code: s(r.code),
      nameEn: s(r.description_en),
      nameZh: level === 1 ? (ICS_FIELD_NAMES_ZH[field] ?? null) : null,
      level,
      parent,
      notes: s(r.notes) || null,
    });
  }
  const ccsRows = ccs.filter((c) => c.code && c.name);
  await db.query(
    `insert into ccs_codes (code, name, level, parent, notes)
     select * from unnest($1::text[], $2::text[], $3::int2[], $4::text[], $5::text[])
     on conflict (code) do update set name = excluded.name, level = excluded.level, parent = excluded.parent, notes = excluded.notes`,
    [
      ccsRows.map((c) => c.code),
      ccsRows.map((c) => c.name),
      ccsRows.map((c) => c.level),
      ccsRows.map((c) => c.parent),
      ccsRows.map((c) => c.notes),
    ],
  );
  const icsRows = ics.filter((c) => c.code && c.nameEn);
  await db.query(
    `insert into ics_codes (code, name_en, name_zh, level, parent, notes)
     select * from unnest($1::text[], $2::text[], $3::text[], $4::int2[], $5::text[], $6::text[])
     on conflict (code) do update set name_en = excluded.name_en, name_zh = excluded.name_zh, level = excluded.level,
       parent = excluded.parent, notes = excluded.notes`,
    [
      icsRows.map((c) => c.code),
      icsRows.map((c) => c.nameEn),
      icsRows.map((c) => c.nameZh),
      icsRows.map((c) => c.level),
      icsRows.map((c) => c.parent),
      icsRows.map((c) => c.notes),
    ],
  );
  return { ccs: ccsRows.length, ics: icsRows.length };
}
