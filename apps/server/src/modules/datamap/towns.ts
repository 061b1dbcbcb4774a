import { ZHONGSHAN_TOWNS } from '@zs/shared';

/**
 * Approximate centres (longitude, latitude; WGS-84 style, two decimals, roughly ±2 km) of the towns'
 * built-up areas, for placing markers on the city outline. No public town boundary file exists, so
 * these are labelled approximate wherever they are shown; a test checks each lies inside the outline.
 */
const CENTRES: Record<string, [number, number]> = {
  石岐街道: [113.38, 22.52],
  东区街道: [113.4, 22.51],
  中山港街道: [113.47, 22.55],
  西区街道: [113.34, 22.53],
  南区街道: [113.37, 22.47],
  五桂山街道: [113.45, 22.43],
  民众街道: [113.5, 22.62],
  南朗街道: [113.53, 22.49],
  黄圃镇: [113.34, 22.71],
  东凤镇: [113.26, 22.69],
  古镇镇: [113.19, 22.61],
  沙溪镇: [113.33, 22.52],
  坦洲镇: [113.46, 22.26],
  港口镇: [113.38, 22.6],
  三角镇: [113.43, 22.68],
  横栏镇: [113.26, 22.52],
  南头镇: [113.29, 22.72],
  阜沙镇: [113.35, 22.66],
  三乡镇: [113.43, 22.36],
  板芙镇: [113.32, 22.42],
  大涌镇: [113.29, 22.47],
  神湾镇: [113.36, 22.31],
  小榄镇: [113.25, 22.66],
};

export const TOWNS_WITH_CENTRES = ZHONGSHAN_TOWNS.map((t) => ({ ...t, center: CENTRES[t.name]! }));
export const CENTRE_NOTE = '镇街位置为近似中心点，仅用于示意，不代表行政边界';
