import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { SECTION_PAGES } from '@zs/shared';
import { engines } from './helpers/db.ts';
import { useTestApp } from './helpers/app.ts';
import { call, type DataOf } from './helpers/answer.ts';
import { userWithToken } from './helpers/login.ts';

/** 隐藏空栏目 (issue 30, decisions/0088): the office's choice, its validation and what the public site is told. */
const ALL = SECTION_PAGES.map((p) => p.path);

const siteInfo = async (app: FastifyInstance) => {
  const r = await call<DataOf<'GET /api/portal/site'>>(app, 'GET', '/api/portal/site');
  expect(r).toMatchObject({ status: 200, code: 0 });
  return r.data;
};

const publish = async (app: FastifyInstance, section: string, category: string | null, title: string) => {
  const [row] = await app.db.query<{ id: number }>(
    `insert into portal_items (section, category, title, published_at) values ($1, $2, $3, now()) returning id`,
    [section, category, title],
  );
  return row!.id;
};

describe.each(engines)('hide empty sections on %s', (engine) => {
  const ctx = useTestApp(engine);

  it('is off by default: the public site hides nothing even when every section is empty', async () => {
    const admin = await userWithToken(ctx.app, 'admin');
    const setting = await call<DataOf<'GET /api/admin/settings/sections'>>(
      ctx.app,
      'GET',
      '/api/admin/settings/sections',
      admin.token,
    );
    expect(setting).toMatchObject({ status: 200, code: 0, data: { hideEmptySections: false } });
    // The test database holds no portal items: every section page is empty, and the console says so.
    expect(setting.data.emptyPages.map((p) => p.path)).toEqual(ALL);
    expect(setting.data.emptyPages.find((p) => p.path === '/news')?.label).toBe('政策资讯');
    expect(await siteInfo(ctx.app)).toMatchObject({ hideEmptySections: false, hiddenPages: [] });
  });

  it('when on, hides exactly the section pages with nothing published, per page filter, and brings them back', async () => {
    const admin = await userWithToken(ctx.app, 'admin');
    const on = await call<DataOf<'PUT /api/admin/settings/sections'>>(
      ctx.app,
      'PUT',
      '/api/admin/settings/sections',
      admin.token,
      {
        hideEmptySections: true,
      },
    );
    expect(on).toMatchObject({
      status: 200,
      code: 0,
      msg: '已开启：没有内容的栏目不在导航和首页显示',
      data: { hideEmptySections: true },
    });
    expect((await siteInfo(ctx.app)).hiddenPages).toEqual(ALL);

    const news = await publish(ctx.app, 'news', null, '关于开展标准化工作的通知');
    // A standard activity fills 活动中心 and 标准活动 but not 企业活动; a draft fills nothing.
    await publish(ctx.app, 'activity', 'standard', '标准宣贯会');
    await ctx.app.db.query(
      `insert into portal_items (section, title, status, published_at) values ('talent', '草稿人才', 'draft', now())`,
    );
    const hidden = (await siteInfo(ctx.app)).hiddenPages;
    expect(hidden).not.toContain('/news');
    expect(hidden).not.toContain('/activity');
    expect(hidden).not.toContain('/activity-standard');
    expect(hidden).toContain('/activity-enterprise');
    expect(hidden).toContain('/talent-pool');
    expect(hidden).toEqual(ALL.filter((p) => !['/news', '/activity', '/activity-standard'].includes(p)));

    // Unpublishing the only news item empties the section again: it leaves the navigation at the next page load.
    await ctx.app.db.query(`update portal_items set status = 'draft' where id = $1`, [news]);
    expect((await siteInfo(ctx.app)).hiddenPages).toContain('/news');

    const off = await call<DataOf<'PUT /api/admin/settings/sections'>>(
      ctx.app,
      'PUT',
      '/api/admin/settings/sections',
      admin.token,
      {
        hideEmptySections: false,
      },
    );
    expect(off).toMatchObject({ code: 0, msg: '已关闭：导航和首页显示全部栏目', data: { hideEmptySections: false } });
    expect(off.data.emptyPages.map((p) => p.path)).toContain('/news');
    expect(await siteInfo(ctx.app)).toMatchObject({ hideEmptySections: false, hiddenPages: [] });

    const audit = await ctx.app.db.query<{ actor_id: number; detail: { changes: { hideEmptySections: boolean[] } } }>(
      `select actor_id, detail from audit_log where action = 'settings.sections' order by id`,
    );
    expect(audit.map((a) => a.detail.changes.hideEmptySections)).toEqual([
      [false, true],
      [true, false],
    ]);
    expect(audit.every((a) => a.actor_id === admin.id)).toBe(true);
  });

  it('takes the empty sections off /admin/health while they are hidden, and puts them back when it is off', async () => {
    const admin = await userWithToken(ctx.app, 'admin');
    const emptyFindings = async () =>
      (await call<DataOf<'GET /api/admin/health'>>(ctx.app, 'GET', '/api/admin/health', admin.token)).data.findings
        .filter((f) => f.kind === 'empty_section')
        .map((f) => f.label);
    const set = (hideEmptySections: boolean) =>
      call(ctx.app, 'PUT', '/api/admin/settings/sections', admin.token, { hideEmptySections });
    expect(await emptyFindings()).toContain('导航“人才库”（/talent-pool）没有内容');
    expect((await set(true)).code).toBe(0);
    expect(await emptyFindings()).toEqual([]);
    expect((await set(false)).code).toBe(0);
    expect(await emptyFindings()).toContain('导航“人才库”（/talent-pool）没有内容');
  });

  it('refuses bad input with a Chinese message and keeps the stored choice', async () => {
    const admin = await userWithToken(ctx.app, 'admin');
    const url = '/api/admin/settings/sections';
    for (const body of [{ hideEmptySections: 'yes' }, { hideEmptySections: 1 }, { hideEmptySections: null }, {}]) {
      expect(await call(ctx.app, 'PUT', url, admin.token, body), JSON.stringify(body)).toMatchObject({
        status: 200,
        code: 400,
        msg: '“隐藏空栏目”须为开或关',
        data: null,
      });
    }
    const notObject = await call(ctx.app, 'PUT', url, admin.token, ['true']);
    expect(notObject).toMatchObject({ code: 400, data: null });
    expect(notObject.msg).toMatch(/[\u4e00-\u9fa5]/);
    expect(await call(ctx.app, 'GET', url, admin.token)).toMatchObject({ code: 0, data: { hideEmptySections: false } });
  });

  it('is the admin’s choice: visitors get 401, plain users and operators 403', async () => {
    const plain = await userWithToken(ctx.app);
    const op = await userWithToken(ctx.app, 'operator');
    const url = '/api/admin/settings/sections';
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', { hideEmptySections: true }],
    ] as const) {
      expect(await call(ctx.app, method, url, undefined, body)).toMatchObject({ status: 200, code: 401 });
      expect(await call(ctx.app, method, url, plain.token, body)).toMatchObject({ status: 200, code: 403 });
      expect(await call(ctx.app, method, url, op.token, body)).toMatchObject({ status: 200, code: 403 });
    }
    expect((await siteInfo(ctx.app)).hideEmptySections).toBe(false);
  });
});
