import type { DataMap } from '@zs/shared/api/portal';
import { callApi, get, urlOf } from '../../../lib/http.ts';

/** The data map's answers, inferred from the shared contract (packages/shared/src/api/portal.ts). */
export type { DataMap, DataMapRowT as FigureRow } from '@zs/shared/api/portal';
export type Indicator = DataMap['indicators'][number];
export type TownFigures = DataMap['towns'][number];

/** GeoJSON as served by /api/portal/geo/:name (DataV.GeoAtlas via tnnevol/gmap). */
export type GeoJson = { type: 'FeatureCollection'; features: unknown[] };

export const datamapApi = {
  map: () => callApi('GET /api/portal/datamap'),
  // A file route (pre-serialised GeoJSON envelope): its shape is the GeoJSON standard's, not the contract's.
  outline: () => get<GeoJson>(urlOf('GET /api/portal/geo/:name', { name: 'zhongshan-outline-442000' })),
  rows: (indicator: string, query: string) =>
    callApi('GET /api/portal/datamap/:indicator', {
      params: { indicator },
      query: Object.fromEntries(new URLSearchParams(query)),
    }),
};

export function detailLink(indicator: string, town?: string): string {
  const q = new URLSearchParams({ indicator });
  if (town) q.set('town', town);
  return `/data-map-detail?${q.toString()}`;
}

export const SOURCES =
  '边界数据：DataV.GeoAtlas（经 GitHub tnnevol/gmap 整理）；镇街名称与代码：国家统计局统计用区划代码（2023 年）；统计数字来自本平台数据库实时计数。';
