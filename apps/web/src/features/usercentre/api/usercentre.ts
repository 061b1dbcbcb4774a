import type { CertificationForm } from '@zs/shared/usercentre';
import type { ApplicationStatus } from '@zs/shared/portal';
import * as api from '@zs/shared/api/user';
import { post } from '../../../lib/http.ts';
import { callApi } from '../../../lib/callApi.ts';
import { encryptFields } from '../../../lib/crypto.ts';

/** Calls of apps/server/src/modules/{messages,certification,account,collections,applications}; types from @zs/shared. */
// ---- messages ----
export const listMessages = (f: { page: number; unread?: boolean }) =>
  callApi(api.listMessages, { query: { page: f.page, size: 10, unread: f.unread ? '1' : undefined } });
export const openMessage = (id: string) => callApi(api.openMessage, { params: { id } });
export const readAllMessages = () => callApi(api.readAllMessages);

// ---- certification ----
export const fetchCertification = () => callApi(api.fetchCertification);
export const submitCertification = (f: CertificationForm) => callApi(api.submitCertification, { body: f });

// ---- collections ----
export const listCollections = (f: { itemType: string; page: number }) =>
  callApi(api.listCollections, { query: { itemType: f.itemType, page: f.page, size: 10 } });
export const setCollected = (itemType: string, itemId: number, collect: boolean) =>
  callApi(api.setCollected, { body: { itemType, itemId, collect } });

// ---- applications ----
export const listApplications = (f: { page: number; status?: string }) =>
  callApi(api.listApplications, { query: { page: f.page, size: 10, status: f.status as ApplicationStatus | undefined } });
export const fetchApplication = (id: string) => callApi(api.fetchApplication, { params: { id } });
// An empty JSON object: the route parses a JSON body when the content type says so.
export const withdrawApplication = (id: number) =>
  callApi(api.withdrawApplication, { params: { id: String(id) }, config: { data: {} } });

// ---- account ----
export const changePassword = async (f: { oldPassword: string; password: string; againPassword: string }) =>
  post('/user/password', await encryptFields({ ...f }, ['oldPassword', 'password', 'againPassword']));
export const sendChangeMobileCode = (f: { mobile: string; captcha: string; key: string }) =>
  post('/zs/ent/userInfoBz/send/sengSmsCode', f);
export const setMobile = (f: { mobile: string; code: string }) => post('/sys/auth/webSetMobile', f);
export const setEmail = (email: string) => post('/sys/auth/webSetEmail', { email });
export const logoutAll = () => post('/user/logout-all');
export const fetchProfile = () => callApi(api.fetchProfile);
export const deleteAccount = async (password: string) =>
  callApi(api.deleteAccount, { body: await encryptFields({ password }, ['password']) });
