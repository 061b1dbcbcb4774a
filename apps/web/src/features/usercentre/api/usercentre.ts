import type { CertificationForm } from '@zs/shared/usercentre';
import { get, post } from '../../../lib/http.ts';
import { encryptFields } from '../../../lib/crypto.ts';
import type {
  ApplicationDetail,
  ApplicationSummary,
  CertificationAnswer,
  CollectionEntry,
  Message,
  Paged,
  Profile,
} from './types.ts';

const qs = (params: Record<string, string | number | undefined>) => {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') p.set(k, String(v));
  const s = p.toString();
  return s ? `?${s}` : '';
};

// ---- messages ----
export const listMessages = (f: { page: number; unread?: boolean }) =>
  get<Paged<Message> & { unread: number }>(`/user/messages${qs({ page: f.page, size: 10, unread: f.unread ? '1' : undefined })}`);
export const openMessage = (id: string) => get<Message>(`/user/messages/${encodeURIComponent(id)}`);
export const readAllMessages = () => post<{ updated: number }>('/user/messages/read-all');

// ---- certification ----
export const fetchCertification = () => get<CertificationAnswer>('/user/certification');
export const submitCertification = (f: CertificationForm) => post<{ id: number; status: 'pending' }>('/user/certification', f);

// ---- collections ----
export const listCollections = (f: { itemType: string; page: number }) =>
  get<Paged<CollectionEntry>>(`/user/collections${qs({ itemType: f.itemType, page: f.page, size: 10 })}`);
export const setCollected = (itemType: string, itemId: number, collect: boolean) =>
  post<{ collected: boolean }>('/zs/ent/EntZsCollection/zsCollectionAddOrUpdate', { itemType, itemId, collect });

// ---- applications ----
export const listApplications = (f: { page: number; status?: string }) =>
  get<Paged<ApplicationSummary>>(`/user/applications${qs({ page: f.page, size: 10, status: f.status })}`);
export const fetchApplication = (id: string) => get<ApplicationDetail>(`/user/applications/${encodeURIComponent(id)}`);
// An empty JSON object: the route parses a JSON body when the content type says so.
export const withdrawApplication = (id: number) => post<ApplicationDetail>(`/user/applications/${id}/withdraw`, {});

// ---- account ----
export const fetchProfile = () => get<Profile>('/user/profile');
export const changePassword = async (f: { oldPassword: string; password: string; againPassword: string }) =>
  post('/user/password', await encryptFields({ ...f }, ['oldPassword', 'password', 'againPassword']));
export const sendChangeMobileCode = (f: { mobile: string; captcha: string; key: string }) =>
  post('/zs/ent/userInfoBz/send/sengSmsCode', f);
export const setMobile = (f: { mobile: string; code: string }) => post('/sys/auth/webSetMobile', f);
export const setEmail = (email: string) => post('/sys/auth/webSetEmail', { email });
export const logoutAll = () => post('/user/logout-all');
export const deleteAccount = async (password: string) =>
  post('/user/delete-account', await encryptFields({ password }, ['password']));
