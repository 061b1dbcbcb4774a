import type { QueryOf } from '@zs/shared/api/endpoint';
import type { EndpointAt } from '@zs/shared/api/routes';
import type { AdminStandardDetail, RelationsBody, StandardFormValues, StatusChangeBody } from '@zs/shared/api/admin-standards';
import { callApi } from '../../../lib/http.ts';
import { multipart } from './multipart.ts';

/** Catalogue editing endpoints (apps/server/src/modules/admin-standards), called by route key; types from the shared contract. */
type FulltextAccess = 'open' | 'registered' | 'restricted';
const idParams = (id: number) => ({ id: String(id) });

export type StandardDetail = AdminStandardDetail;
export const searchStandards = (f: { keyword?: string; status?: string; page: number; size?: number }) =>
  callApi('GET /api/admin/standards', { query: { ...f, size: f.size ?? 20 } as QueryOf<EndpointAt<'GET /api/admin/standards'>> });
export const standardDetail = (id: number) => callApi('GET /api/admin/standards/:id', { params: idParams(id) });
export const checkNumber = (no: string, exceptId?: number) =>
  callApi('GET /api/admin/standards/check-no', { query: { no, exceptId } });
export const createStandard = (body: StandardFormValues) => callApi('POST /api/admin/standards', { body });
export const updateStandard = (id: number, body: StandardFormValues) =>
  callApi('PUT /api/admin/standards/:id', { params: idParams(id), body });
export const changeStatus = (id: number, body: StatusChangeBody) =>
  callApi('POST /api/admin/standards/:id/status', { params: idParams(id), body });
export const saveRelations = (id: number, body: RelationsBody) =>
  callApi('PUT /api/admin/standards/:id/relations', { params: idParams(id), body });
export const setFulltextAccess = (id: number, access: string) =>
  callApi('POST /api/admin/standards/:id/fulltext/access', { params: idParams(id), body: { access: access as FulltextAccess } });
export const uploadFulltext = (id: number, file: File, access: string, onProgress: (pct: number) => void) =>
  callApi('POST /api/admin/standards/:id/fulltext', { params: idParams(id), config: multipart({ access, file }, onProgress) });

/** A record added from a missing-standard report accepts that report (apps/server/src/modules/missing-reports). */
export const acceptMissingReport = (id: number, standardId: number) =>
  callApi('POST /api/admin/standards/missing-reports/:id', { params: { id }, body: { status: 'accepted', standardId } });
