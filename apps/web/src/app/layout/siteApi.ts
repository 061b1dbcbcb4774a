import { callApi } from '../../lib/http.ts';

/** Footer contacts (a seeded demo contact is shown with a 示例 tag) and site lines; types from @zs/shared. */
export type { FooterContact as ContactCard, SiteInfo } from '@zs/shared/api/site';

export const fetchContacts = () => callApi('POST /api/zs/ent/userInfoBz/Operater');
export const fetchSiteInfo = () => callApi('GET /api/portal/site');
