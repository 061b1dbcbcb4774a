import { beforeAll, describe, expect, it } from 'vitest';
import { EDITABLE_CATEGORY_SECTIONS, PORTAL_SECTION_SLUGS, PORTAL_SECTIONS, PORTAL_CATEGORIES } from '@zs/shared';
import { engines } from './helpers/db.ts';
import { useTestApp } from './helpers/app.ts';
import { get, type DataOf } from './helpers/answer.ts';
import { insertItem } from '../src/modules/portal/repository.ts';
import { runSeeders } from '../src/db/seed.ts';
import { seedPortalDemo, seedPortalPages, seedPortalReal } from '../src/modules/portal/seed/seed.ts';
import { PORTAL_SEED } from '../src/modules/portal/seed/content.ts';

const silent = { info() {}, warn() {}, error() {}, debug() {} } as never;

/** A section's list and one item (packages/shared/src/api/portal.ts). */
type List = DataOf<'GET /api/portal/:section'>;
type Item = DataOf<'GET /api/portal/:section/:id'>;

describe.each(engines)('portal sections on %s', (engine) => {
  const ctx = useTestApp(engine);

  beforeAll(async () => {
    await runSeeders(ctx.testDb.db, silent, [seedPortalReal, seedPortalDemo, seedPortalPages]);
  });

  it('lists every section with the seeded published items, paged', async () => {
    for (const section of PORTAL_SECTIONS) {
      const expected = PORTAL_SEED.filter((i) => i.section === section).length;
      const r = await get<List>(ctx.app, `/api/portal/${PORTAL_SECTION_SLUGS[section]}?size=100`);
      expect(r.code, section).toBe(0);
      if (section !== 'standard_system_node') expect(r.data.total, section).toBe(expected);
      expect(r.data.list.length).toBe(r.data.total);
      expect(r.data).toMatchObject({ page: 1, size: 100 });
    }
  });

  it('covers every category of the demo sections so each filter has rows', async () => {
    // The seed promises demo rows in every category of each section it fills with demo items (seed/portal-content.ts);
    // not in the office's editable 香山之品 list, which operators change.
    const editable: readonly string[] = EDITABLE_CATEGORY_SECTIONS;
    const demoSections = [...new Set(PORTAL_SEED.filter((i) => i.demo && !editable.includes(i.section)).map((i) => i.section))];
    expect(demoSections.length).toBeGreaterThan(5);
    for (const section of demoSections) {
      for (const c of PORTAL_CATEGORIES[section]) {
        const r = await get<List>(ctx.app, `/api/portal/${PORTAL_SECTION_SLUGS[section]}?category=${c.code}`);
        expect(r.code).toBe(0);
        expect(r.data.total, `${section}/${c.code}`).toBeGreaterThan(0);
        for (const item of r.data.list) expect(item).toMatchObject({ category: c.code, categoryName: c.name });
      }
    }
  });

  it('labels demo content truthfully: demo items are 【示例】, real items are not', async () => {
    const news = (await get<List>(ctx.app, '/api/portal/news?size=100')).data.list as Array<{
      title: string;
      demo: boolean;
      sourceUrl: string | null;
    }>;
    for (const n of news) expect(n.title.startsWith('【示例】')).toBe(n.demo);
    const law = news.find((n) => n.title === '中华人民共和国标准化法');
    expect(law).toMatchObject({ demo: false, sourceUrl: 'https://flk.npc.gov.cn/' });
    const gi = (await get<List>(ctx.app, '/api/portal/gi-product')).data.list as Array<{
      title: string;
      demo: boolean;
      townName: string | null;
    }>;
    expect(gi.map((g) => g.title).sort()).toEqual(['中山脆肉鲩', '石岐鸽', '神湾菠萝', '黄圃腊味'].sort());
    expect(gi.find((g) => g.title === '黄圃腊味')).toMatchObject({ demo: false, townName: '黄圃镇' });
  });

  it('pages with page and size and keeps a stable order without overlaps', async () => {
    const all = (await get<List>(ctx.app, '/api/portal/news?size=100')).data.list.map((i: { id: number }) => i.id);
    const p1 = await get<List>(ctx.app, '/api/portal/news?page=1&size=3');
    const p2 = await get<List>(ctx.app, '/api/portal/news?page=2&size=3');
    const p3 = await get<List>(ctx.app, '/api/portal/news?page=3&size=3');
    expect([...p1.data.list, ...p2.data.list, ...p3.data.list].map((i: { id: number }) => i.id)).toEqual(all);
    expect(p1.data.total).toBe(all.length);
    expect((await get<List>(ctx.app, '/api/portal/news?page=99&size=3')).data.list).toEqual([]);
  });

  it('filters by town, by declared filters and by keyword over declared fields', async () => {
    const town = await get<List>(ctx.app, '/api/portal/xiangshan-product?town=442000117');
    expect(town.data.total).toBe(
      PORTAL_SEED.filter((i) => i.section === 'xiangshan_product' && i.townCode === '442000117').length,
    );
    expect(town.data.list[0]).toMatchObject({ townName: '神湾镇' });

    const std = await get<List>(ctx.app, '/api/portal/activity?kind=standard');
    expect(std.data.total).toBe(2);
    const ent = await get<List>(ctx.app, '/api/portal/activity?kind=enterprise&open=false');
    expect(ent.data.total).toBe(1);

    const byEnterprise = await get<List>(
      ctx.app,
      `/api/portal/xiangshan-product?keyword=${encodeURIComponent('示例企业3（中山）')}`,
    );
    expect(byEnterprise.data.total).toBe(1);
    expect(byEnterprise.data.list[0]!.attrs.product).toBe('示例水产品');

    const national = await get<List>(ctx.app, '/api/portal/demonstration?level=national&projectStatus=accepted');
    expect(national.data.total).toBe(1);
    const talent = await get<List>(ctx.app, `/api/portal/talent?field=${encodeURIComponent('食品安全')}`);
    expect(talent.data.total).toBe(1);
  });

  it('treats %, _ and \\ in keywords as literal characters', async () => {
    const id = await insertItem(ctx.testDb.db, {
      section: 'standard_plus',
      category: 'quality',
      title: '百分之100%_达标\\路径',
      demo: true,
    });
    expect(
      (await get<List>(ctx.app, `/api/portal/standard-plus?keyword=${encodeURIComponent('%')}`)).data.list.map(
        (i: { id: number }) => i.id,
      ),
    ).toEqual([id]);
    expect(
      (await get<List>(ctx.app, `/api/portal/standard-plus?keyword=${encodeURIComponent('_')}`)).data.list.map(
        (i: { id: number }) => i.id,
      ),
    ).toEqual([id]);
    expect(
      (await get<List>(ctx.app, `/api/portal/standard-plus?keyword=${encodeURIComponent('\\')}`)).data.list.map(
        (i: { id: number }) => i.id,
      ),
    ).toEqual([id]);
    expect((await get<List>(ctx.app, `/api/portal/standard-plus?keyword=${encodeURIComponent('0%_')}`)).data.total).toBe(1);
    expect((await get<List>(ctx.app, `/api/portal/standard-plus?keyword=${encodeURIComponent('1%0')}`)).data.total).toBe(0);
  });

  it('answers hostile or invalid input with code 400 and a Chinese message, never 5xx', async () => {
    const cases = [
      ['/api/portal/news?page=0', '页码须为正整数'],
      ['/api/portal/news?page=-1', '页码须为正整数'],
      ['/api/portal/news?page=abc', '页码须为正整数'],
      ['/api/portal/news?page=1.5', '页码须为正整数'],
      ['/api/portal/news?page=1000001', '页码超出范围'],
      ['/api/portal/news?page=1e20', '页码须为正整数'],
      ['/api/portal/news?size=0', '每页条数须为1-100的整数'],
      ['/api/portal/news?size=101', '每页条数须为1-100的整数'],
      [`/api/portal/news?keyword=${'长'.repeat(101)}`, '关键词不能超过100个字符'],
      ['/api/portal/news?category=nope', '分类不存在'],
      ['/api/portal/news?town=110000', '镇街不存在'],
      ['/api/portal/activity?kind=secret', '活动类型不正确'],
      ['/api/portal/news?page=1&page=2', '页码须为正整数'],
    ] as const;
    for (const [url, msg] of cases) {
      const r = await get(ctx.app, url);
      expect(r.status, url).toBe(200);
      expect(r, url).toMatchObject({ code: 400, msg });
    }
    for (const url of [
      `/api/portal/news?keyword=${encodeURIComponent("' or 1=1; drop table portal_items; --")}`,
      '/api/portal/news?keyword=%00%01abc',
      '/api/portal/news?keyword=%ED%A0%80%FF',
      '/api/portal/news?keyword=%E4%B8',
      '/api/portal/news?keyword[]=a',
      '/api/portal/news?category[$ne]=x',
      `/api/portal/talent?field=${encodeURIComponent('"]}')}`,
    ]) {
      const r = await get(ctx.app, url);
      expect(r.status, url).toBe(200);
      expect([0, 400], url).toContain(r.code);
    }
    expect((await get<List>(ctx.app, '/api/portal/news?size=100')).data.total).toBeGreaterThan(0);
  });

  it('answers unknown sections and ids with 404', async () => {
    expect(await get(ctx.app, '/api/portal/no-such-section')).toMatchObject({ status: 200, code: 404, msg: '栏目不存在' });
    expect(await get(ctx.app, '/api/portal/__proto__')).toMatchObject({ code: 404 });
    expect(await get(ctx.app, '/api/portal/news/999999')).toMatchObject({ code: 404 });
    expect(await get(ctx.app, '/api/portal/news/abc')).toMatchObject({ code: 404 });
    expect(await get(ctx.app, '/api/portal/news/99999999999999999999')).toMatchObject({ status: 200, code: 404 });
    expect(await get(ctx.app, '/api/portal/news/-1')).toMatchObject({ code: 404 });
    const talentId = (await get<List>(ctx.app, '/api/portal/talent')).data.list[0]!.id;
    // An id from another section is not found in this one.
    expect(await get(ctx.app, `/api/portal/news/${talentId}`)).toMatchObject({ code: 404 });
  });

  it('hides drafts from lists and details', async () => {
    const id = await insertItem(ctx.testDb.db, {
      section: 'result',
      category: 'achievement',
      title: '草稿成果',
      status: 'draft',
    });
    expect(await get(ctx.app, `/api/portal/result/${id}`)).toMatchObject({ code: 404 });
    expect((await get<List>(ctx.app, '/api/portal/result?keyword=草稿')).data.total).toBe(0);
  });

  it('shows a detail with its neighbours in list order and the collectable flag', async () => {
    const list = (await get<List>(ctx.app, '/api/portal/news?size=100')).data.list as Array<{ id: number; title: string }>;
    const mid = 2;
    const d = await get<Item>(ctx.app, `/api/portal/news/${list[mid]!.id}`);
    expect(d.code).toBe(0);
    expect(d.data).toMatchObject({
      id: list[mid]!.id,
      sectionName: '政策资讯',
      collectable: true,
      prev: { id: list[mid - 1]!.id, title: list[mid - 1]!.title },
      next: { id: list[mid + 1]!.id, title: list[mid + 1]!.title },
    });
    expect(typeof d.data.bodyHtml).toBe('string');
    expect((await get<Item>(ctx.app, `/api/portal/news/${list[0]!.id}`)).data.prev).toBeNull();
    expect((await get<Item>(ctx.app, `/api/portal/news/${list.at(-1)!.id}`)).data.next).toBeNull();
    const node = (await get<List>(ctx.app, '/api/portal/standard-system')).data.list[0];
    expect((await get<Item>(ctx.app, `/api/portal/standard-system/${node!.id}`)).data.collectable).toBe(false);
  });

  it('stores body HTML sanitised: XSS payloads come back inert', async () => {
    const payloads = [
      '<p>正文<script>alert(1)</script></p>',
      '<img src=x onerror="alert(1)">',
      '<a href="javascript:alert(1)">点我</a>',
      '<a href="&#106;avascript:alert(1)">编码</a>',
      '<A HREF="JaVaScRiPt:alert(1)">大小写</A>',
      '<svg onload=alert(1)><circle r="1"/></svg>',
      '<p style="width: expression(alert(1))">样式</p>',
      '<iframe src="https://evil.example"></iframe>',
      '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
      '<a href="https://ok.example/" onclick="steal()">好链接</a>',
      '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
    ];
    for (const html of payloads) {
      const id = await insertItem(ctx.testDb.db, { section: 'news', category: 'work', title: '<b>XSS</b>测试', bodyHtml: html });
      const d = await get<Item>(ctx.app, `/api/portal/news/${id}`);
      const body: string = d.data.bodyHtml;
      expect(body, html).not.toMatch(/<script|<svg|<iframe|<style|<math|\son\w+\s*=|javascript:|expression\(|data:/i);
      expect(d.data.title).toBe('XSS测试');
    }
    const id = await insertItem(ctx.testDb.db, {
      section: 'news',
      category: 'work',
      title: '白名单',
      bodyHtml:
        '<h2>标题</h2><p><strong>粗</strong><em>斜</em></p><ul><li>项</li></ul><a href="https://www.samr.gov.cn/">链接</a><img src="/api/files/12" alt="图">',
    });
    const body = (await get<Item>(ctx.app, `/api/portal/news/${id}`)).data.bodyHtml;
    expect(body).toContain('<h2>标题</h2>');
    expect(body).toContain('<a rel="noopener noreferrer" target="_blank" href="https://www.samr.gov.cn/">链接</a>');
    expect(body).toContain('<img src="/api/files/12" alt="图">');
  });

  it('refuses attrs that fail the section schema, and private contact data in talent profiles', async () => {
    const base = { section: 'talent' as const, category: 'technical', title: '人才' };
    const ok = { name: '某专家', organisation: '某单位', fields: ['电器'], committees: [] };
    await expect(insertItem(ctx.testDb.db, { ...base, attrs: { ...ok, phone: '13800138000' } })).rejects.toThrow(
      '人才信息不得包含个人电话、邮箱或住址',
    );
    await expect(insertItem(ctx.testDb.db, { ...base, attrs: { ...ok, achievements: '联系电话 13912345678' } })).rejects.toThrow(
      '人才信息不得包含',
    );
    await expect(insertItem(ctx.testDb.db, { ...base, attrs: { ...ok, achievements: '住址：兴中道 18 号' } })).rejects.toThrow(
      '人才信息不得包含',
    );
    await expect(insertItem(ctx.testDb.db, { ...base, attrs: { ...ok, achievements: 'mail: a.b@example.com' } })).rejects.toThrow(
      '人才信息不得包含',
    );
    await expect(insertItem(ctx.testDb.db, { ...base, attrs: ok })).resolves.toBeGreaterThan(0);
    await expect(
      insertItem(ctx.testDb.db, { section: 'activity', category: 'standard', title: 'x', attrs: { seatLimit: 0 } }),
    ).rejects.toThrow();
    await expect(insertItem(ctx.testDb.db, { section: 'news', category: 'bogus', title: 'x' })).rejects.toThrow('分类不存在');
    await expect(
      insertItem(ctx.testDb.db, { section: 'news', category: 'work', title: 'x', attrs: { officialUrl: 'javascript:alert(1)' } }),
    ).rejects.toThrow('链接须以');
  });

  it('describes the sections (names, categories, filters)', async () => {
    const r = await get<DataOf<'GET /api/portal/sections'>>(ctx.app, '/api/portal/sections');
    expect(r.data.map((s: { id: string }) => s.id)).toEqual([...PORTAL_SECTIONS]);
    const activity = r.data.find((s: { id: string }) => s.id === 'activity');
    expect(activity!.filters.map((f: { param: string }) => f.param)).toEqual(['kind', 'open']);
  });

  it('serves the privacy policy as sanitised HTML, and 404 for unknown pages', async () => {
    const r = await get<DataOf<'GET /api/portal/pages/:slug'>>(ctx.app, '/api/portal/pages/privacy');
    expect(r.code).toBe(0);
    expect(r.data.title).toBe('用户服务协议与隐私政策');
    for (const words of [
      '个人信息保护法',
      '查阅',
      '复制',
      '更正',
      '删除',
      '撤回同意',
      '注销账号',
      '企业认证',
      '日志',
      '平台运营人员',
      '待运营单位配置',
    ]) {
      expect(r.data.bodyHtml, words).toContain(words);
    }
    expect(await get(ctx.app, '/api/portal/pages/nothing')).toMatchObject({ code: 404 });
    expect(await get(ctx.app, '/api/portal/pages/constructor')).toMatchObject({ code: 404 });
  });
});
