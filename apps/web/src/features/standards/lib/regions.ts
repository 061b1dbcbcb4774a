import { REGION_CODES } from '@zs/shared/standards';

export const ALL_REGIONS = Object.keys(REGION_CODES);

/** The two district pages: their preset region, what else they offer, and where details open. */
export const DISTRICTS = {
  zhongshan: {
    title: '中山标准',
    listPath: '/standard-zhongshan',
    detailPath: '/standard-zsDetail',
    preset: { region: '中山' },
    regions: ['中山', '广东'],
    numbers: 'DB4420/T（中山市地方标准）、DB44/T（广东省地方标准）',
  },
  shenzhen: {
    title: '深圳标准',
    listPath: '/standard-shenzhen',
    detailPath: '/standard-szDetail',
    preset: { region: '深圳' },
    regions: ['深圳', '广东'],
    numbers: 'DB4403/T（深圳市地方标准）',
  },
} as const;
export type District = keyof typeof DISTRICTS;
