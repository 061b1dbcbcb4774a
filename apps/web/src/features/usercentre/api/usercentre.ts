import type { CertificationForm } from '@zs/shared/usercentre';
import type { ALERT_CADENCES, ALERT_CHANNELS, ALERT_KINDS, WatchKind } from '@zs/shared/alert-constants';
import type { ApplicationStatus } from '@zs/shared/portal';
import { callApi } from '../../../lib/http.ts';
import { encryptFields } from '../../../lib/crypto.ts';

/** Calls of apps/server/src/modules/{messages,certification,account,collections,applications}; types from @zs/shared. */
// ---- messages ----
export const listMessages = (f: { page: number; unread?: boolean }) =>
  callApi('GET /api/user/messages', { query: { page: f.page, size: 10, unread: f.unread ? '1' : undefined } });
export const openMessage = (id: string) => callApi('GET /api/user/messages/:id', { params: { id } });
export const readAllMessages = () => callApi('POST /api/user/messages/read-all');

// ---- certification ----
export const fetchCertification = () => callApi('GET /api/user/certification');
export const submitCertification = (f: CertificationForm) => callApi('POST /api/user/certification', { body: f });

// ---- collections ----
export const listCollections = (f: { itemType: string; page: number }) =>
  callApi('GET /api/user/collections', { query: { itemType: f.itemType, page: f.page, size: 10 } });
export const setCollected = (itemType: string, itemId: number, collect: boolean) =>
  callApi('POST /api/zs/ent/EntZsCollection/zsCollectionAddOrUpdate', { body: { itemType, itemId, collect } });

// ---- applications ----
export const listApplications = (f: { page: number; status?: string }) =>
  callApi('GET /api/user/applications', { query: { page: f.page, size: 10, status: f.status as ApplicationStatus | undefined } });
export const fetchApplication = (id: string) => callApi('GET /api/user/applications/:id', { params: { id } });
// An empty JSON object: the route parses a JSON body when the content type says so.
export const withdrawApplication = (id: number) =>
  callApi('POST /api/user/applications/:id/withdraw', { params: { id: String(id) }, config: { data: {} } });

// ---- account ----
export const changePassword = async (f: { oldPassword: string; password: string; againPassword: string }) =>
  callApi('POST /api/user/password', { body: await encryptFields({ ...f }, ['oldPassword', 'password', 'againPassword']) });
export const sendChangeMobileCode = (f: { mobile: string; captcha: string; key: string }) =>
  callApi('POST /api/zs/ent/userInfoBz/send/sengSmsCode', { body: f });
export const setMobile = (f: { mobile: string; code: string }) => callApi('POST /api/sys/auth/webSetMobile', { body: f });
export const setEmail = (email: string) => callApi('POST /api/sys/auth/webSetEmail', { body: { email } });
export const fetchAlertSettings = () => callApi('GET /api/user/alerts/settings');
export const setStatusMails = (enabled: boolean) =>
  callApi('PUT /api/user/alerts/preferences', { body: { kind: 'standard_status', channel: 'email', enabled } });
export const setAlertPreference = (body: {
  kind: (typeof ALERT_KINDS)[number];
  channel: (typeof ALERT_CHANNELS)[number];
  enabled: boolean;
  cadence?: (typeof ALERT_CADENCES)[number];
}) => callApi('PUT /api/user/alerts/preferences', { body });
export const setLeadDays = (leadDays: number[]) => callApi('PUT /api/user/alerts/lead-days', { body: { leadDays } });
export const listWatches = () => callApi('GET /api/user/watches');
export const addWatch = (kind: WatchKind, value: string) => callApi('POST /api/user/watches', { body: { kind, value } });
export const removeWatch = (id: number) => callApi('DELETE /api/user/watches/:id', { params: { id } });
export const logoutAll = () => callApi('POST /api/user/logout-all');
export const fetchProfile = () => callApi('GET /api/user/profile');
export const deleteAccount = async (password: string) =>
  callApi('POST /api/user/delete-account', { body: await encryptFields({ password }, ['password']) });
