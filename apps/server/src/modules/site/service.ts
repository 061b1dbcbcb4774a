import type { Database } from '../../db/client.ts';
import { listActiveContacts, readSettings } from './repository.ts';

export interface ContactCard {
  realName: string;
  mobile: string;
  email?: string;
  demo: boolean;
}

/** Footer contacts: the operations contact first, then the technical ones (docs/product.md §1). */
export async function footerContacts(db: Database): Promise<ContactCard[]> {
  const rows = await listActiveContacts(db);
  return rows.map((r) => ({ realName: r.realName, mobile: r.mobile, ...(r.email ? { email: r.email } : {}), demo: r.demo }));
}

export interface SiteInfo {
  siteName: string;
  icpRecord: string;
  policeRecord: string;
  policeRecordUrl: string;
  copyright: string;
  hotline: string;
  address: string;
}

export async function siteInfo(db: Database): Promise<SiteInfo> {
  const s = await readSettings(db);
  return {
    siteName: s.siteName ?? '中山市标准信息公共服务平台',
    icpRecord: s.icpRecord ?? '',
    policeRecord: s.policeRecord ?? '',
    policeRecordUrl: s.policeRecordUrl ?? '',
    copyright: s.copyright ?? '',
    hotline: s.hotline ?? '',
    address: s.address ?? '',
  };
}
