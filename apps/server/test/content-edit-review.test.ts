import { describe, expect, it } from 'vitest';
import { engines } from './helpers/db.ts';
import { useTestApp } from './helpers/app.ts';
import { call } from './helpers/answer.ts';
import { userWithToken } from './helpers/login.ts';

/** 发布需审核 over edits of live items, and revisions previewed beside the current state (issue 30, ADR 0087). */
const news = (over: Record<string, unknown> = {}) => ({
  title: '已发布的新闻',
  category: 'work',
  bodyHtml: '<p>第一段</p><p>第二段</p>',
  ...over,
});

describe.each(engines)('edits of published content under review on %s', (engine) => {
  const ctx = useTestApp(engine);
  const req = call;
  const publicDetail = async (id: number) =>
    (await req(ctx.app, 'GET', `/api/portal/news/${id}`)).data as { title: string; bodyHtml: string };
  const published = async (token: string, body = news()) => {
    const created = await req(ctx.app, 'POST', '/api/admin/content/news', token, body);
    expect(created, JSON.stringify(created)).toMatchObject({ code: 0 });
    const id = (created.data as { id: number }).id;
    expect(await req(ctx.app, 'POST', `/api/admin/content/news/${id}/publish`, token, {})).toMatchObject({
      data: { status: 'published' },
    });
    return id;
  };
  const review = (admin: string, on: boolean) =>
    req(ctx.app, 'PUT', '/api/admin/content/settings', admin, { reviewRequired: on });
  const queue = async (token: string) =>
    (await req(ctx.app, 'GET', '/api/admin/content/reviews', token)).data as Array<{ id: number; itemId: number; kind: string }>;

  it('shows a revision beside the current state: the text fields and the body one paragraph a line', async () => {
    const op = await userWithToken(ctx.app, 'operator');
    const created = await req(ctx.app, 'POST', '/api/admin/content/news', op.token, news({ title: '第一版' }));
    const id = (created.data as { id: number }).id;
    await req(
      ctx.app,
      'PUT',
      `/api/admin/content/news/${id}`,
      op.token,
      news({ title: '第二版', bodyHtml: '<p>第一段</p><p>新的&amp;第二段</p>' }),
    );
    const revs = (await req(ctx.app, 'GET', `/api/admin/content/news/${id}/revisions`, op.token)).data as Array<{ id: number }>;
    const first = revs.at(-1)!;
    expect(await req(ctx.app, 'GET', `/api/admin/content/news/${id}/revisions/${first.id}`, op.token)).toMatchObject({
      code: 0,
      data: {
        id: first.id,
        action: 'create',
        revision: { title: '第一版', bodyText: '第一段\n第二段', bodyHtml: '<p>第一段</p><p>第二段</p>' },
        current: { title: '第二版', bodyText: '第一段\n新的&第二段' },
      },
    });
    expect(await req(ctx.app, 'GET', `/api/admin/content/news/${id}/revisions/999999`, op.token)).toMatchObject({
      code: 404,
      msg: '历史版本不存在',
    });
    expect(await req(ctx.app, 'GET', `/api/admin/content/news/999999/revisions/${first.id}`, op.token)).toMatchObject({
      code: 404,
    });
    const visitor = await userWithToken(ctx.app);
    expect(await req(ctx.app, 'GET', `/api/admin/content/news/${id}/revisions/${first.id}`, visitor.token)).toMatchObject({
      code: 403,
    });
  });

  it('with 发布需审核 on, an operator’s edit and restore of a live item wait while the published version stays', async () => {
    const op = await userWithToken(ctx.app, 'operator');
    const admin = await userWithToken(ctx.app, 'admin');
    const id = await published(admin.token);
    expect(await review(admin.token, true)).toMatchObject({ code: 0 });
    try {
      const saved = await req(ctx.app, 'PUT', `/api/admin/content/news/${id}`, op.token, news({ title: '改过的标题' }));
      expect(saved).toMatchObject({
        code: 0,
        msg: '修改已提交审核，审核通过前前台仍显示已发布的版本',
        data: { status: 'published', title: '改过的标题', pendingRequest: { kind: 'edit' } },
      });
      // The public still reads the published version; the console shows the proposal with its request.
      expect((await publicDetail(id)).title).toBe('已发布的新闻');
      expect((await req(ctx.app, 'GET', `/api/admin/content/news/${id}`, op.token)).data).toMatchObject({
        title: '改过的标题',
        status: 'published',
        pendingRequest: { kind: 'edit' },
      });
      // A second save replaces the proposal: still one open request.
      await req(ctx.app, 'PUT', `/api/admin/content/news/${id}`, op.token, news({ title: '再改的标题' }));
      const open = (await queue(admin.token)).filter((r) => r.itemId === id);
      expect(open).toEqual([expect.objectContaining({ kind: 'edit' })]);

      // Returned: nothing changes for the public, the reason reaches the operator.
      expect(
        await req(ctx.app, 'POST', `/api/admin/content/reviews/${open[0]!.id}`, admin.token, {
          decision: 'return',
          reason: '措辞不妥',
        }),
      ).toMatchObject({ code: 0, data: { status: 'published' } });
      expect((await publicDetail(id)).title).toBe('已发布的新闻');
      expect((await req(ctx.app, 'GET', `/api/admin/content/news/${id}`, op.token)).data).toMatchObject({
        title: '已发布的新闻',
        status: 'published',
        pendingRequest: null,
        returnedReason: '措辞不妥',
      });

      // Again, approved: the public reads the new text.
      await req(
        ctx.app,
        'PUT',
        `/api/admin/content/news/${id}`,
        op.token,
        news({ title: '审核后的标题', bodyHtml: '<p>新正文</p>' }),
      );
      const again = (await queue(admin.token)).find((r) => r.itemId === id)!;
      expect(
        await req(ctx.app, 'POST', `/api/admin/content/reviews/${again.id}`, admin.token, { decision: 'approve' }),
      ).toMatchObject({
        code: 0,
        data: { status: 'published' },
      });
      expect(await publicDetail(id)).toMatchObject({ title: '审核后的标题', bodyHtml: '<p>新正文</p>' });

      // A restored revision of the live item waits the same way.
      const revs = (await req(ctx.app, 'GET', `/api/admin/content/news/${id}/revisions`, op.token)).data as Array<{
        id: number;
        action: string;
        title: string;
      }>;
      expect(revs[0]).toMatchObject({ action: 'approve_edit', title: '审核后的标题' });
      const original = revs.find((r) => r.title === '已发布的新闻')!;
      expect(
        await req(ctx.app, 'POST', `/api/admin/content/news/${id}/revisions/${original.id}/restore`, op.token),
      ).toMatchObject({ msg: '修改已提交审核，审核通过前前台仍显示已发布的版本', data: { title: '已发布的新闻' } });
      expect((await publicDetail(id)).title).toBe('审核后的标题');
      const restore = (await queue(admin.token)).find((r) => r.itemId === id)!;
      expect(restore.kind).toBe('edit');
      await req(ctx.app, 'POST', `/api/admin/content/reviews/${restore.id}`, admin.token, { decision: 'approve' });
      expect((await publicDetail(id)).title).toBe('已发布的新闻');

      // An admin's own edit goes live at once, and a draft's edit needs no review.
      expect(
        await req(ctx.app, 'PUT', `/api/admin/content/news/${id}`, admin.token, news({ title: '管理员直接改' })),
      ).toMatchObject({
        msg: '已保存',
      });
      expect((await publicDetail(id)).title).toBe('管理员直接改');
      const draft = await req(ctx.app, 'POST', '/api/admin/content/news', op.token, news({ title: '草稿' }));
      const draftId = (draft.data as { id: number }).id;
      expect(await req(ctx.app, 'PUT', `/api/admin/content/news/${draftId}`, op.token, news({ title: '草稿二' }))).toMatchObject({
        msg: '已保存',
        data: { title: '草稿二', pendingRequest: null },
      });
      const audit = await ctx.app.db.query<{ actor_id: number; detail: { via: string; changes: Record<string, unknown> } }>(
        "select actor_id, detail from audit_log where action = 'content.edit_request' and target_id = $1 order by id",
        [id],
      );
      expect(audit.map((a) => a.detail.via)).toEqual(['update', 'update', 'update', 'restore']);
      expect(audit[0]!.detail.changes.title).toEqual(['已发布的新闻', '改过的标题']);
    } finally {
      await review(admin.token, false);
    }
  });

  it('with 发布需审核 off, an operator’s edit of a live item goes live at once', async () => {
    const op = await userWithToken(ctx.app, 'operator');
    const id = await published(op.token);
    expect(await req(ctx.app, 'PUT', `/api/admin/content/news/${id}`, op.token, news({ title: '立即生效' }))).toMatchObject({
      msg: '已保存',
      data: { pendingRequest: null },
    });
    expect((await publicDetail(id)).title).toBe('立即生效');
  });
});
