import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { registerViaApi, type TestUser } from './helpers/accounts.ts';
import { loginAdmin } from './helpers/admin.ts';
import { call, envelope } from './helpers/api.ts';
import { TINY_PNG, withCheckChar } from './portal-helpers.ts';
import { animationsSettled } from './helpers/motion.ts';

/** Registers a user and gives it a role through the administrator's console API. */
export async function registerStaff(
  request: APIRequestContext,
  role: 'operator' | 'admin',
): Promise<TestUser & { token: string }> {
  const user = await registerViaApi(request);
  const admin = await loginAdmin(request);
  const found = await call<{ list: Array<{ id: number; username: string }> }>(
    request,
    admin,
    'GET',
    `/api/admin/users?keyword=${encodeURIComponent(user.username)}`,
  );
  const id = found.data.list.find((u) => u.username === user.username)?.id;
  expect(id, `user ${user.username} in the admin list`).toBeDefined();
  const set = await call(request, admin, 'POST', `/api/admin/users/${id}/role`, { role });
  expect(set.code, set.msg).toBe(0);
  return user;
}

/** Uploads a file as the user; returns its id. */
export async function upload(request: APIRequestContext, token: string, name: string, mimeType: string, buffer: Buffer) {
  const res = await request.post('/api/user/files?purpose=attachment', {
    headers: { authorization: token },
    multipart: { file: { name, mimeType, buffer } },
  });
  const body = await envelope<{ id: number }>(res);
  expect(body.code, body.msg).toBe(0);
  return body.data.id;
}

/**
 * Confirms the open antd confirmation dialog once it has stopped zooming in: a click during the animation can
 * land beside the button on a loaded machine, and the dialog stays open (seen in CI).
 */
export async function confirmDialog(page: Page) {
  const ok = page.locator('.ant-modal-confirm').getByRole('button', { name: '确定', exact: true });
  await ok.waitFor();
  await animationsSettled(page);
  await ok.click();
}

/**
 * A 香山之品 brand-product application with one PNG attachment, submitted through the API by `token`'s user;
 * `creditPrefix` keeps the credit codes of different specs apart. Asserts it was accepted.
 */
export async function applyBrandProduct(
  request: APIRequestContext,
  token: string,
  f: { enterpriseName: string; productName: string; description: string; creditPrefix: string },
) {
  const fileId = await upload(request, token, 'proof.png', 'image/png', TINY_PNG);
  const created = await call<{ id: number; referenceNo: string }>(
    request,
    token,
    'POST',
    '/api/user/applications/brand-product',
    {
      enterpriseName: f.enterpriseName,
      creditCode: withCheckChar(f.creditPrefix + String(Date.now()).slice(-6)),
      contactName: '张三',
      contactMobile: '13800138000',
      productName: f.productName,
      category: 'aquatic',
      townCode: '442000001',
      standardNo: 'DB4420/T 1-2020',
      description: f.description,
      attachments: [fileId],
    },
  );
  expect(created.code, created.msg).toBe(0);
  return created.data;
}
