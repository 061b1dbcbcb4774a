import { describe, expect, it } from 'vitest';
import { engines } from './helpers/db.ts';
import { useTestApp } from './helpers/app.ts';
import { multipart, PNG } from './helpers/multipart.ts';
import { call, type DataOf } from './helpers/answer.ts';
import { userWithToken } from './helpers/login.ts';
import { upload } from './helpers/usercentre.ts';
import { advanceClock, resetClock } from '../src/lib/clock.ts';
import { publishDue } from '../src/modules/portal/console/service.ts';
import { sanitizeRichText } from '../src/modules/portal/console/rich-text.ts';

const req = call;

/** Audit detail as the content console writes it. */
type Detail = { changes: Record<string, unknown[]>; [key: string]: unknown };

const news = (over: Record<string, unknown> = {}) => ({
  title: '运营发布的新闻',
  category: 'work',
  bodyHtml: '<p>正文<strong>加粗</strong></p>',
  ...over,
});

describe.each(engines)('content console on %s', (engine) => {
  const ctx = useTestApp(engine);
  const audit = async (action: string, targetId: number) =>
    ctx.app.db.query<{ actor_id: number | null; detail: Detail }>(
      'select actor_id, detail from audit_log where action = $1 and target_id = $2 order by id',
      [action, targetId],
    );
  const publicList = async (slug: string) =>
    (await req<DataOf<'GET /api/portal/:section'>>(ctx.app, 'GET', `/api/portal/${slug}?size=100`)).data.list as Array<{
      id: number;
    }>;
  const create = async (token: string, body = news(), section = 'news') => {
    const r = await req(ctx.app, 'POST', `/api/admin/content/${section}`, token, body);
    expect(r, JSON.stringify(r)).toMatchObject({ code: 0 });
    return r.data as { id: number; status: string };
  };

  it('answers 401 to visitors and 403 to plain users on every console endpoint', async () => {
    const plain = await userWithToken(ctx.app);
    const routes: Array<['GET' | 'POST' | 'PUT', string, unknown?]> = [
      ['GET', '/api/admin/content/news'],
      ['POST', '/api/admin/content/news', news()],
      ['GET', '/api/admin/content/news/1'],
      ['PUT', '/api/admin/content/news/1', news()],
      ['POST', '/api/admin/content/news/1/publish', {}],
      ['POST', '/api/admin/content/news/1/unpublish'],
      ['POST', '/api/admin/content/news/bulk', { ids: [1], action: 'publish' }],
      ['GET', '/api/admin/content/news/1/preview'],
      ['GET', '/api/admin/content/news/1/revisions'],
      ['POST', '/api/admin/content/news/1/revisions/1/restore'],
      ['GET', '/api/admin/content/settings'],
      ['PUT', '/api/admin/content/settings', { reviewRequired: true }],
      ['GET', '/api/admin/content/reviews'],
      ['POST', '/api/admin/content/reviews/1', { decision: 'approve' }],
      ['POST', '/api/admin/content/files'],
    ];
    for (const [method, url, body] of routes) {
      expect(await req(ctx.app, method, url, undefined, body), `${method} ${url}`).toMatchObject({ status: 200, code: 401 });
      expect(await req(ctx.app, method, url, plain.token, body), `${method} ${url}`).toMatchObject({ status: 200, code: 403 });
    }
    const op = await userWithToken(ctx.app, 'operator');
    expect(await req(ctx.app, 'PUT', '/api/admin/content/settings', op.token, { reviewRequired: true })).toMatchObject({
      code: 403,
    });
    expect(await req(ctx.app, 'POST', '/api/admin/content/reviews/1', op.token, { decision: 'approve' })).toMatchObject({
      code: 403,
    });
  });

  it('validates with Chinese messages and refuses unknown sections, categories and bad fields', async () => {
    const op = await userWithToken(ctx.app, 'operator');
    expect(await req(ctx.app, 'POST', '/api/admin/content/news', op.token, news({ title: '' }))).toMatchObject({
      code: 400,
      msg: '请输入标题（1-200个字符）',
    });
    expect(await req(ctx.app, 'POST', '/api/admin/content/news', op.token, news({ category: 'nope' }))).toMatchObject({
      code: 400,
      msg: '分类不存在',
    });
    expect(
      await req(ctx.app, 'POST', '/api/admin/content/news', op.token, news({ cover: 'https://evil.example/x.png' })),
    ).toMatchObject({
      code: 400,
      msg: '封面须为本站上传的图片',
    });
    expect(
      await req(ctx.app, 'POST', '/api/admin/content/activity', op.token, {
        title: '活动',
        category: 'general',
        attrs: {
          startAt: '2026-01-01T00:00:00Z',
          endAt: '2026-01-01T02:00:00Z',
          place: '会议室',
          seatLimit: 0,
          signupDeadline: '2025-12-30T00:00:00Z',
          open: true,
        },
      }),
    ).toMatchObject({ code: 400, msg: '名额须为 1-100000 的整数' });
    expect(
      await req(ctx.app, 'POST', '/api/admin/content/talent', op.token, {
        title: '专家',
        attrs: { name: '张三', organisation: '单位', fields: [], committees: [], achievements: '电话 13800138000' },
      }),
    ).toMatchObject({
      code: 400,
      msg: '人才信息不得包含个人电话、邮箱或住址',
    });
    expect(await req(ctx.app, 'GET', '/api/admin/content/gossip', op.token)).toMatchObject({ code: 404, msg: '栏目不存在' });
    expect(await req(ctx.app, 'GET', '/api/admin/content/news?status=bogus', op.token)).toMatchObject({
      code: 400,
      msg: '状态不正确',
    });
    expect(await req(ctx.app, 'POST', '/api/admin/content/news/bulk', op.token, { ids: [], action: 'publish' })).toMatchObject({
      code: 400,
      msg: '请选择 1-100 条内容',
    });
    // A user's private upload can never become a public attachment.
    const userFile = await upload(ctx.app, op.token);
    expect(
      await req(
        ctx.app,
        'POST',
        '/api/admin/content/news',
        op.token,
        news({ attrs: { attachments: [{ name: 'x.png', fileId: userFile.data.id }] } }),
      ),
    ).toMatchObject({ code: 400, msg: `附件不存在或不是后台上传的文件（编号 ${userFile.data.id}）` });
  });

  it('creates a draft, publishes it for visitors, unpublishes it, and audits every step with before → after', async () => {
    const op = await userWithToken(ctx.app, 'operator');
    const item = await create(op.token);
    expect(item.status).toBe('draft');
    expect((await publicList('news')).some((r) => r.id === item.id)).toBe(false);
    expect((await req(ctx.app, 'GET', `/api/portal/news/${item.id}`)).code).toBe(404);

    const edited = await req(ctx.app, 'PUT', `/api/admin/content/news/${item.id}`, op.token, news({ title: '改过的标题' }));
    expect(edited).toMatchObject({ code: 0, data: { title: '改过的标题', status: 'draft', updatedBy: op.username } });
    expect(await req(ctx.app, 'POST', `/api/admin/content/news/${item.id}/publish`, op.token, {})).toMatchObject({
      code: 0,
      msg: '已发布',
      data: { status: 'published' },
    });
    expect((await publicList('news')).some((r) => r.id === item.id)).toBe(true);
    expect(await req(ctx.app, 'GET', `/api/portal/news/${item.id}`)).toMatchObject({ code: 0, data: { title: '改过的标题' } });

    const listed = await req<DataOf<'GET /api/admin/content/:section'>>(
      ctx.app,
      'GET',
      '/api/admin/content/news?status=published&keyword=改过',
      op.token,
    );
    expect(listed.data.list.map((r: { id: number }) => r.id)).toEqual([item.id]);

    expect(await req(ctx.app, 'POST', `/api/admin/content/news/${item.id}/unpublish`, op.token)).toMatchObject({
      data: { status: 'unpublished' },
    });
    expect((await publicList('news')).some((r) => r.id === item.id)).toBe(false);

    const [created] = await audit('content.create', item.id);
    expect(created).toMatchObject({ actor_id: op.id, detail: { section: 'news', changes: { title: [null, '运营发布的新闻'] } } });
    const [update] = await audit('content.update', item.id);
    expect(update!.detail.changes).toEqual({ title: ['运营发布的新闻', '改过的标题'] });
    expect((await audit('content.publish', item.id))[0]!.detail.changes.status).toEqual(['draft', 'published']);
    expect((await audit('content.unpublish', item.id))[0]!.detail.changes.status).toEqual(['published', 'unpublished']);
  });

  it('stores and serves hostile HTML inert; keeps what the editor produces', async () => {
    const op = await userWithToken(ctx.app, 'operator');
    const hostile =
      '<h2 onclick="x()">标题</h2><script>alert(1)</script><p style="color:red">段落<strong>粗</strong><em>斜</em></p>' +
      '<img src="x" onerror="alert(2)"><img src="https://evil.example/a.png"><a href="javascript:alert(3)">坏链接</a>' +
      '<a href="https://example.org/" onmouseover="y()">好链接</a><iframe src="https://evil.example"></iframe>' +
      '<table><tbody><tr><th colspan="2">表头</th></tr><tr><td rowspan="x">格</td></tr></tbody></table><svg><script>alert(4)</script></svg>';
    const item = await create(op.token, news({ bodyHtml: hostile }));
    await req(ctx.app, 'POST', `/api/admin/content/news/${item.id}/publish`, op.token, {});
    const served = (await req<DataOf<'GET /api/portal/:section/:id'>>(ctx.app, 'GET', `/api/portal/news/${item.id}`)).data
      .bodyHtml as string;
    for (const bad of [
      '<script',
      'onerror',
      'onclick',
      'onmouseover',
      'javascript:',
      'style=',
      'evil.example',
      '<iframe',
      '<svg',
      'alert(',
    ]) {
      expect(served, bad).not.toContain(bad);
    }
    expect(served).toContain('<h2>标题</h2>');
    expect(served).toContain('<strong>粗</strong><em>斜</em>');
    expect(served).toContain('<a href="https://example.org/" target="_blank" rel="noopener noreferrer nofollow">好链接</a>');
    expect(served).toContain('<th colspan="2">表头</th>');
    expect(served).toContain('<td>格</td>');
    expect(sanitizeRichText('<p><img src="/api/content/files/12/0123456789abcdef" alt="图"></p>')).toBe(
      '<p><img src="/api/content/files/12/0123456789abcdef" alt="图" /></p>',
    );
  });

  it('uploads an image that the published page shows to visitors through its key, and nothing without it', async () => {
    const op = await userWithToken(ctx.app, 'operator');
    const { payload, headers } = multipart([{ filename: '配图.png', content: PNG }]);
    const up = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/admin/content/files',
        payload,
        headers: { ...headers, authorization: op.token },
      })
    ).json();
    expect(up).toMatchObject({ code: 0, data: { name: '配图.png', mime: 'image/png' } });
    const url = up.data.url as string;
    expect(url).toMatch(/^\/api\/content\/files\/\d+\/[0-9a-f]{16}$/);
    const item = await create(op.token, news({ bodyHtml: `<p>图：<img src="${url}" alt="配图"></p>`, cover: url }));
    await req(ctx.app, 'POST', `/api/admin/content/news/${item.id}/publish`, op.token, {});
    const detail = (await req<DataOf<'GET /api/portal/:section/:id'>>(ctx.app, 'GET', `/api/portal/news/${item.id}`)).data;
    expect(detail.bodyHtml).toContain(`<img src="${url}" alt="配图" />`);
    expect(detail.cover).toBe(url);
    const img = await ctx.app.inject({ method: 'GET', url });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.equals(PNG)).toBe(true);
    expect((await ctx.app.inject({ method: 'GET', url: url.replace(/[0-9a-f]{16}$/, '0000000000000000') })).json()).toMatchObject(
      { code: 404 },
    );
    // A plain user's upload is not served there even with its own hash.
    const plain = await userWithToken(ctx.app);
    const theirs = await upload(ctx.app, plain.token);
    const [row] = await ctx.app.db.query<{ sha256: string }>('select sha256 from files where id = $1', [theirs.data.id]);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/content/files/${theirs.data.id}/${row!.sha256.slice(0, 16)}` })).json(),
    ).toMatchObject({ code: 404 });
  });

  it('publishes a scheduled item when its time comes, not before', async () => {
    const admin = await userWithToken(ctx.app, 'admin');
    const item = await create(admin.token);
    const at = new Date(Date.now() + 2 * 3600_000).toISOString();
    expect(
      await req(ctx.app, 'POST', `/api/admin/content/news/${item.id}/publish`, admin.token, { publishAt: at }),
    ).toMatchObject({
      msg: '已设置定时发布',
      data: { status: 'scheduled' },
    });
    await publishDue(ctx.app.db);
    expect((await publicList('news')).some((r) => r.id === item.id)).toBe(false);
    try {
      advanceClock(3 * 3600_000);
      expect(await publishDue(ctx.app.db)).toBeGreaterThanOrEqual(1);
    } finally {
      resetClock();
    }
    expect((await publicList('news')).some((r) => r.id === item.id)).toBe(true);
    const detail = await req(ctx.app, 'GET', `/api/admin/content/news/${item.id}`, admin.token);
    expect(detail.data).toMatchObject({ status: 'published', publishedAt: at });
    expect(await audit('content.publish_due', item.id)).toHaveLength(1);
  });

  it('keeps revisions and restores an earlier one', async () => {
    const op = await userWithToken(ctx.app, 'operator');
    const item = await create(op.token, news({ title: '第一版', bodyHtml: '<p>一</p>' }));
    await req(ctx.app, 'PUT', `/api/admin/content/news/${item.id}`, op.token, news({ title: '第二版', bodyHtml: '<p>二</p>' }));
    const revs = (await req(ctx.app, 'GET', `/api/admin/content/news/${item.id}/revisions`, op.token)).data as Array<{
      id: number;
      title: string;
      action: string;
    }>;
    expect(revs.map((r) => [r.action, r.title])).toEqual([
      ['update', '第二版'],
      ['create', '第一版'],
    ]);
    const restored = await req(ctx.app, 'POST', `/api/admin/content/news/${item.id}/revisions/${revs[1]!.id}/restore`, op.token);
    expect(restored).toMatchObject({ code: 0, data: { title: '第一版', bodyHtml: '<p>一</p>' } });
    expect((await audit('content.restore', item.id))[0]!.detail).toMatchObject({
      revisionId: revs[1]!.id,
      changes: { title: ['第二版', '第一版'] },
    });
    expect(await req(ctx.app, 'POST', `/api/admin/content/news/${item.id}/revisions/999999/restore`, op.token)).toMatchObject({
      code: 404,
    });
  });

  it('previews a draft as the public detail would show it', async () => {
    const op = await userWithToken(ctx.app, 'operator');
    const item = await create(op.token, news({ title: '预览稿' }));
    expect(await req(ctx.app, 'GET', `/api/admin/content/news/${item.id}/preview`, op.token)).toMatchObject({
      code: 0,
      data: { title: '预览稿', sectionName: '政策资讯', categoryName: '工作动态', bodyHtml: '<p>正文<strong>加粗</strong></p>' },
    });
  });

  it('bulk-publishes and unpublishes, skipping items already in that state', async () => {
    const op = await userWithToken(ctx.app, 'operator');
    const a = await create(op.token, news({ title: '批量一' }));
    const b = await create(op.token, news({ title: '批量二' }));
    await req(ctx.app, 'POST', `/api/admin/content/news/${b.id}/publish`, op.token, {});
    expect(
      await req(ctx.app, 'POST', '/api/admin/content/news/bulk', op.token, { ids: [a.id, b.id], action: 'publish' }),
    ).toMatchObject({
      data: { changed: 1, pending: 0, skipped: 1 },
    });
    expect(
      await req(ctx.app, 'POST', '/api/admin/content/news/bulk', op.token, { ids: [a.id, b.id], action: 'unpublish' }),
    ).toMatchObject({
      data: { changed: 2, skipped: 0 },
    });
    const ids = (await publicList('news')).map((r) => r.id);
    expect(ids).not.toContain(a.id);
    expect(ids).not.toContain(b.id);
  });

  it('with 发布需审核 on, an operator’s 发布 waits for an admin, who approves or returns it with a reason', async () => {
    const op = await userWithToken(ctx.app, 'operator');
    const admin = await userWithToken(ctx.app, 'admin');
    expect(await req(ctx.app, 'PUT', '/api/admin/content/settings', admin.token, { reviewRequired: true })).toMatchObject({
      code: 0,
      data: { reviewRequired: true },
    });
    try {
      const item = await create(op.token, news({ title: '待审稿件' }));
      expect(await req(ctx.app, 'POST', `/api/admin/content/news/${item.id}/publish`, op.token, {})).toMatchObject({
        msg: '已提交发布审核',
        data: { status: 'pending' },
      });
      expect((await publicList('news')).some((r) => r.id === item.id)).toBe(false);
      const queue = (await req(ctx.app, 'GET', '/api/admin/content/reviews', op.token)).data as Array<{
        id: number;
        itemId: number;
        consoleSection: string;
      }>;
      const request = queue.find((r) => r.itemId === item.id)!;
      expect(request).toMatchObject({ consoleSection: 'news' });

      expect(
        await req(ctx.app, 'POST', `/api/admin/content/reviews/${request.id}`, admin.token, { decision: 'return' }),
      ).toMatchObject({
        code: 400,
        msg: '退回时请填写原因（1-500个字符）',
      });
      expect(
        await req(ctx.app, 'POST', `/api/admin/content/reviews/${request.id}`, admin.token, {
          decision: 'return',
          reason: '标题不规范',
        }),
      ).toMatchObject({ code: 0, data: { status: 'draft' } });
      expect((await req(ctx.app, 'GET', `/api/admin/content/news/${item.id}`, op.token)).data).toMatchObject({
        status: 'draft',
        returnedReason: '标题不规范',
        pendingRequest: null,
      });
      expect((await audit('content.return', item.id))[0]).toMatchObject({ actor_id: admin.id, detail: { reason: '标题不规范' } });

      await req(ctx.app, 'POST', `/api/admin/content/news/${item.id}/publish`, op.token, {});
      const again = (
        (await req(ctx.app, 'GET', '/api/admin/content/reviews', op.token)).data as Array<{ id: number; itemId: number }>
      ).find((r) => r.itemId === item.id)!;
      expect(
        await req(ctx.app, 'POST', `/api/admin/content/reviews/${again.id}`, admin.token, { decision: 'approve' }),
      ).toMatchObject({
        data: { status: 'published' },
      });
      expect(
        await req(ctx.app, 'POST', `/api/admin/content/reviews/${again.id}`, admin.token, { decision: 'approve' }),
      ).toMatchObject({
        code: 400,
        msg: '该发布申请已处理',
      });
      expect((await publicList('news')).some((r) => r.id === item.id)).toBe(true);
      expect(await audit('content.approve', item.id)).toEqual([expect.objectContaining({ actor_id: admin.id })]);
      expect((await audit('content.publish_request', item.id)).map((r) => r.actor_id)).toEqual([op.id, op.id]);

      // An admin's own 发布 needs no review.
      const own = await create(admin.token, news({ title: '管理员稿件' }));
      expect(await req(ctx.app, 'POST', `/api/admin/content/news/${own.id}/publish`, admin.token, {})).toMatchObject({
        data: { status: 'published' },
      });
    } finally {
      await req(ctx.app, 'PUT', '/api/admin/content/settings', admin.token, { reviewRequired: false });
    }
    const [setting] = await ctx.app.db.query<{ detail: Detail }>(
      "select detail from audit_log where action = 'site.setting' order by id limit 1",
    );
    expect(setting!.detail.changes.value).toEqual([false, true]);
  });

  it('edits every console section through the same machinery', async () => {
    const op = await userWithToken(ctx.app, 'operator');
    const bodies: Record<string, Record<string, unknown>> = {
      service: { title: '服务', category: 'other', attrs: { provider: '中心', scope: '范围', steps: ['一'], fees: '免费' } },
      talent: {
        title: '专家',
        category: 'technical',
        attrs: { name: '李四', organisation: '单位', fields: ['电子'], committees: [] },
      },
      'standard-plus': { title: '标准+', category: 'quality', attrs: { theme: '质量' } },
      training: { title: '课程', category: 'course', attrs: { documents: [] } },
      activity: {
        title: '活动',
        category: 'general',
        attrs: {
          startAt: '2026-12-01T01:00:00Z',
          endAt: '2026-12-01T03:00:00Z',
          place: '会议室',
          seatLimit: 30,
          signupDeadline: '2026-11-30T00:00:00Z',
          open: true,
        },
      },
      result: { title: '深圳标准认证', category: 'shenzhen_cert', attrs: { batch: '2026年第一批', enterprise: '企业' } },
      demonstration: {
        title: '示范',
        category: 'city',
        attrs: { field: '农业', undertaker: '单位', periodStart: '2026-01-01', projectStatus: 'building' },
      },
      system: { title: '体系节点', category: 'system', attrs: { parentId: null, standardNos: [] } },
      xiangshan: {
        title: '香山之品',
        category: 'fruit',
        attrs: {
          enterprise: '企业',
          product: '荔枝',
          standardNo: 'T/ZS 1-2026',
          certificateNo: 'XS-1',
          validFrom: '2026-01-01',
          validTo: '2029-01-01',
        },
      },
    };
    for (const [section, body] of Object.entries(bodies)) {
      const item = await create(op.token, body as never, section);
      expect(await req(ctx.app, 'POST', `/api/admin/content/${section}/${item.id}/publish`, op.token, {}), section).toMatchObject(
        { code: 0 },
      );
      const list = await req<DataOf<'GET /api/admin/content/:section'>>(
        ctx.app,
        'GET',
        `/api/admin/content/${section}?status=published&sortBy=title&order=asc`,
        op.token,
      );
      expect(
        list.data.list.some((r: { id: number }) => r.id === item.id),
        section,
      ).toBe(true);
    }
  });
});
