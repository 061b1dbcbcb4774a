import { test, expect } from './fixtures.ts';
import { loginWithToken, registerViaApi, toast } from './helpers/accounts.ts';
import { TINY_PNG, withCheckChar } from './portal-helpers.ts';
import { call } from './helpers/api.ts';
import { registerStaff, upload } from './usercentre-helpers.ts';

const DAILY_DOWNLOADS = 30;

/**
 * The web tells a downloaded file from a refusal by the answer's content type: a refusal over the
 * daily quota must show its message and save nothing (it once saved the JSON as `<number>.pdf`).
 */
test('a certified user over the daily download quota sees the message and gets no file', async ({ page, pageErrors }) => {
  test.slow();
  const user = await registerViaApi(page.request);
  const op = await registerStaff(page.request, 'operator');
  const licence = await upload(page.request, user.token, 'licence.png', 'image/png', TINY_PNG);
  const cert = await call<{ id: number }>(page.request, user.token, 'POST', '/api/user/certification', {
    companyName: `中山下载限额测试${Date.now() % 1_000_000}有限公司`,
    creditCode: withCheckChar('91442000MA6' + String(Date.now()).slice(-6)),
    legalRep: '李四',
    contactName: '王五',
    contactMobile: '13800138000',
    licenceFileId: licence,
  });
  expect(cert.code, cert.msg).toBe(0);
  const review = await call(page.request, op.token, 'POST', `/api/admin/certifications/${cert.data.id}/review`, {
    decision: 'approve',
  });
  expect(review.code, review.msg).toBe(0);

  const list = await call<{ list: Array<{ id: number }> }>(page.request, user.token, 'GET', '/api/portal/standards?size=50');
  let id: number | undefined;
  for (const s of list.data.list) {
    const info = await call<{ hasFulltext: boolean }>(
      page.request,
      user.token,
      'GET',
      `/api/portal/standards/${s.id}/fulltext/info`,
    );
    if (info.data?.hasFulltext) {
      id = s.id;
      break;
    }
  }
  expect(id, 'a standard with a demo full text').toBeDefined();
  for (let i = 0; i < DAILY_DOWNLOADS; i++) {
    const dl = await page.request.get(`/api/portal/standards/${id}/fulltext/download`, {
      headers: { authorization: user.token },
    });
    expect(dl.headers()['content-type']).toContain('application/pdf');
  }

  const downloads: string[] = [];
  page.on('download', (d) => downloads.push(d.suggestedFilename()));
  await loginWithToken(page, user.token, user.mobile, `/standard-detail?id=${id}`);
  await page.getByRole('button', { name: /下载全文/ }).click();
  await expect(toast(page, '今日下载次数已达上限')).toBeVisible();
  // The refusal is decided before any link is made, so no download can still be on its way.
  expect(downloads).toEqual([]);
  expect(pageErrors).toEqual([]);
});
