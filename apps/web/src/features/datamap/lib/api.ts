import { get } from '../../../lib/http.ts';

export interface Indicator {
  key: string;
  name: string;
  unit: string;
  perTown: boolean;
  note: string | null;
}

export interface TownFigures {
  code: string;
  name: string;
  center: [number, number];
  approximate: boolean;
  figures: Record<string, number | null>;
}

export interface DataMap {
  note: string;
  indicators: Indicator[];
  towns: TownFigures[];
  totals: Record<string, number | null>;
}

export interface FigureRow {
  id: number;
  title: string;
  subtitle: string | null;
  date: string | null;
  townCode: string | null;
  townName: string | null;
  link: string | null;
}

/** GeoJSON as served by /api/portal/geo/:name (DataV.GeoAtlas via tnnevol/gmap). */
export type GeoJson = { type: 'FeatureCollection'; features: unknown[] };

export const datamapApi = {
  map: () => get<DataMap>('/portal/datamap'),
  outline: () => get<GeoJson>('/portal/geo/zhongshan-outline-442000'),
  rows: (indicator: string, query: string) =>
    get<{ total: number; list: FigureRow[]; page: number; size: number }>(
      `/portal/datamap/${encodeURIComponent(indicator)}?${query}`,
    ),
};

export function detailLink(indicator: string, town?: string): string {
  const q = new URLSearchParams({ indicator });
  if (town) q.set('town', town);
  return `/data-map-detail?${q.toString()}`;
}

export const SOURCES =
  '边界数据：DataV.GeoAtlas（经 GitHub tnnevol/gmap 整理）；镇街名称与代码：国家统计局统计用区划代码（2023 年）；统计数字来自本平台数据库实时计数。';
