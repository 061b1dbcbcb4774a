import type { Database } from '../../db/client.ts';
import { listActiveContacts, readSettings } from './repository.ts';

/**
 * What still reads as demo on the site (issue 30). A seeded 示例 contact stays demo after an edit that keeps any of
 * its placeholder parts: the 示例 name, a seeded 0760-0000000x number or an example.* address; and a site line is a
 * placeholder while it says 示例 or 待运营单位配置 (the seed's wording, seed.ts).
 */
const DEMO_MOBILE = /^0760-0000000\d$/;
const DEMO_EMAIL = /@example\.(org|com|net)$/i;
const PLACEHOLDER = /示例|待运营单位配置/;

export function looksLikeDemoContact(c: { realName: string; mobile: string; email?: string | null }): boolean {
  return c.realName.includes('示例') || DEMO_MOBILE.test(c.mobile) || DEMO_EMAIL.test(c.email ?? '');
}

const LINE_LABELS: Record<string, string> = {
  icpRecord: 'ICP备案号',
  policeRecord: '公安备案号',
  policeRecordUrl: '公安备案链接',
  copyright: '版权信息',
  hotline: '服务热线',
  address: '地址',
};

/** The footer contacts still demo (by flag or by their placeholder parts) and the placeholder site lines. */
export async function demoLeftovers(db: Database) {
  const contacts = (await listActiveContacts(db)).filter((c) => c.demo || looksLikeDemoContact(c));
  const settings = await readSettings(db);
  return {
    contacts: contacts.map((c) => ({ name: c.realName, mobile: c.mobile })),
    settings: Object.entries(LINE_LABELS)
      .filter(([key]) => PLACEHOLDER.test(settings[key] ?? ''))
      .map(([key, label]) => ({ key, label, value: settings[key]! })),
  };
}
