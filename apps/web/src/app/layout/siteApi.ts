import { get, post } from '../../lib/http.ts';

export interface ContactCard {
  realName: string;
  mobile: string;
  email?: string;
  /** Seeded demo contact, shown with a 示例 tag until operators replace it. */
  demo?: boolean;
}

export interface SiteInfo {
  siteName: string;
  icpRecord: string;
  policeRecord?: string;
  policeRecordUrl?: string;
  copyright: string;
  hotline?: string;
  address?: string;
}

export const fetchContacts = () => post<ContactCard[]>('/zs/ent/userInfoBz/Operater');
export const fetchSiteInfo = () => get<SiteInfo>('/portal/site');
