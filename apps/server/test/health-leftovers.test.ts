import { describe, expect, it } from 'vitest';
import { engines } from './helpers/db.ts';
import { useTestApp } from './helpers/app.ts';
import { call, type DataOf } from './helpers/answer.ts';
import { userWithToken } from './helpers/login.ts';
import { insertItem } from '../src/modules/portal/repository.ts';
import { runSeeders } from '../src/db/seed.ts';
import { seedSite } from '../src/modules/site/seed.ts';

const silent = { info: () => undefined } as never;
type Health = DataOf<'GET /api/admin/health'>;

/** Issue 30: a site still full of 示例 is not 正常. */
describe.each(engines)('health flags demo content, demo contacts, placeholder lines and empty sections on %s', (engine) => {
  const ctx = useTestApp(engine);

  it('lists each leftover with where to fix it, keeps an edited demo contact demo, and clears when real', async () => {
    const admin = await userWithToken(ctx.app, 'admin');
    await runSeeders(ctx.app.db, silent, [seedSite], { demo: true });
    await insertItem(ctx.app.db, { section: 'news', category: 'work', title: '【示例】演示资讯', demo: true });
    const health = async () => (await call<Health>(ctx.app, 'GET', '/api/admin/health', admin.token)).data;
    const kinds = (h: Health) => h.findings.map((f) => f.kind);

    const h = await health();
    expect(h.red).toBe(true);
    expect(h.findings).toContainEqual(
      expect.objectContaining({ kind: 'demo_items', label: '政策资讯：1 条示例内容', link: '/admin/content/news' }),
    );
    expect(h.findings.filter((f) => f.kind === 'demo_contact').map((f) => f.label)).toEqual([
      '页脚联系人「示例运营联系人」（0760-00000001）',
      '页脚联系人「示例技术联系人」（0760-00000002）',
    ]);
    expect(h.findings.filter((f) => f.kind === 'placeholder_setting').map((f) => f.label)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^版权信息：.*运营单位：示例/), expect.stringMatching(/^ICP备案号：示例/)]),
    );
    // 人才库 has nothing published here: its navigation link opens an empty page, said plainly.
    expect(h.findings).toContainEqual(
      expect.objectContaining({
        kind: 'empty_section',
        label: '导航“人才库”（/talent-pool）没有内容',
        link: '/admin/content/talent',
      }),
    );
    expect(h.findings.every((f) => f.link.startsWith('/admin'))).toBe(true);

    // The office edits the demo contact once (a real-looking name, the demo number kept): still demo.
    const settings = (await call<DataOf<'GET /api/admin/settings'>>(ctx.app, 'GET', '/api/admin/settings', admin.token)).data;
    const edited = await call(ctx.app, 'PUT', '/api/admin/settings', admin.token, {
      ...settings,
      contacts: [{ ...settings.contacts[0]!, realName: '张三', email: null }],
    });
    expect(edited.code, edited.msg).toBe(0);
    expect((await health()).findings.filter((f) => f.kind === 'demo_contact').map((f) => f.label)).toEqual([
      '页脚联系人「张三」（0760-00000001）',
    ]);
    expect((await call<DataOf<'GET /api/admin/demo'>>(ctx.app, 'GET', '/api/admin/demo', admin.token)).data.contacts).toBe(1);

    // Real contact and lines: those findings go.
    const real = await call(ctx.app, 'PUT', '/api/admin/settings', admin.token, {
      ...settings,
      contacts: [{ realName: '李四', mobile: '0760-88886666', email: 'office@zsbz.cn' }],
      icpRecord: '粤ICP备00000000号',
      copyright: '© 2026 中山市标准信息公共服务平台',
    });
    expect(real.code, real.msg).toBe(0);
    const after = await health();
    expect(kinds(after)).not.toContain('demo_contact');
    expect(kinds(after)).not.toContain('placeholder_setting');
    expect(kinds(after)).toContain('demo_items');
  });
});
