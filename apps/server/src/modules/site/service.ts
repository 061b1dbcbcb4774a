import type { Database } from '../../db/client.ts';
import { listActiveContacts, readSettings } from './repository.ts';

export interface ContactCard {
  realName: string;
  mobile: string;
  email?: string;
  demo: boolean;
}

/** Footer contacts: the operations contact first, then the technical ones (spec §1). */
export async function footerContacts(db: Database): Promise<ContactCard[]> {
  const rows = await listActiveContacts(db);
  return rows.map((r) => ({ realName: r.realName, mobile: r.mobile, ...(r.email ? { email: r.email } : {}), demo: r.demo }));
}

export interface SiteInfo {
  siteName: string;
  icpRecord: string;
  copyright: string;
}

export async function siteInfo(db: Database): Promise<SiteInfo> {
  const s = await readSettings(db);
  return {
    siteName: s.siteName ?? '中山市标准信息公共服务平台',
    icpRecord: s.icpRecord ?? '',
    copyright: s.copyright ?? '',
  };
}
