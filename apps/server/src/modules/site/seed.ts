import type { Seeder } from '../../db/seed.ts';

/**
 * Footer contacts and site lines. The operating centre's real contacts are not public in our
 * sources, so these are labelled 示例 demo rows for operators to replace (docs/product.md §12).
 */
export const seedSite: Seeder = {
  name: 'site',
  demo: true,
  async run(db) {
    const settings: Record<string, string> = {
      siteName: '中山市标准信息公共服务平台',
      icpRecord: '示例备案号（ICP备案号待运营单位配置）',
      copyright: '© 2026 中山市标准信息公共服务平台 · 运营单位：示例（待运营单位配置）',
    };
    for (const [key, value] of Object.entries(settings)) {
      await db.query('insert into site_settings(key, value) values ($1, $2) on conflict (key) do nothing', [key, value]);
    }
    const contacts = [
      { realName: '示例运营联系人', mobile: '0760-00000001', email: 'service@example.org', role: 'operations' },
      { realName: '示例技术联系人', mobile: '0760-00000002', email: null, role: 'technical' },
    ];
    let order = 0;
    for (const c of contacts) {
      await db.query(
        'insert into site_contacts(real_name, mobile, email, role, sort_order, demo) values ($1, $2, $3, $4, $5, true)',
        [c.realName, c.mobile, c.email, c.role, order++],
      );
    }
  },
};
