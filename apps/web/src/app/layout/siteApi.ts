import { callApi } from '../../lib/http.ts';

/** Footer contacts (a seeded demo contact is shown with a 示例 tag); the site lines load through lib/siteInfo.ts. */
export type { FooterContact as ContactCard, SiteInfo } from '@zs/shared/api/site';

export const fetchContacts = () => callApi('POST /api/zs/ent/userInfoBz/Operater');
