import { z } from 'zod';
import {
  CONTENT_STATUSES,
  contentBulkResultSchema,
  contentBulkSchema,
  contentFileSchema,
  contentItemInputSchema,
  contentItemSchema,
  contentListQuerySchema,
  contentPageSchema,
  contentPublishSchema,
  contentReviewDecisionSchema,
  contentReviewRowSchema,
  contentRevisionSchema,
  contentRevisionDetailSchema,
  contentSettingsSchema,
} from './content.ts';
import { download, endpoint } from './endpoint.ts';
import { ItemDetail } from './portal.ts';

/** The content console's calls (apps/server/src/modules/content-admin, decisions/0050); schemas in content.ts. */
const SectionParams = z.object({ section: z.string().max(50) });
const ItemParams = SectionParams.extend({ id: z.string().max(20) });
const StatusAnswer = z.object({ status: z.enum(CONTENT_STATUSES) });

export const contentFile = download({
  method: 'GET',
  path: '/api/content/files/:id/:key',
  params: z.object({ id: z.string().max(20), key: z.string().max(40) }),
});
export const contentSettings = endpoint({ method: 'GET', path: '/api/admin/content/settings', response: contentSettingsSchema });
export const saveContentSettings = endpoint({
  method: 'PUT',
  path: '/api/admin/content/settings',
  body: contentSettingsSchema,
  response: contentSettingsSchema,
});
export const contentReviews = endpoint({
  method: 'GET',
  path: '/api/admin/content/reviews',
  response: z.array(contentReviewRowSchema),
});
export const decideContentReview = endpoint({
  method: 'POST',
  path: '/api/admin/content/reviews/:id',
  params: z.object({ id: z.string().max(20) }),
  body: contentReviewDecisionSchema,
  response: z.object({ status: z.string() }),
});
/** Multipart upload (field `file`), read by the handler. */
export const uploadContentFile = endpoint({ method: 'POST', path: '/api/admin/content/files', response: contentFileSchema });
export const listContent = endpoint({
  method: 'GET',
  path: '/api/admin/content/:section',
  params: SectionParams,
  query: contentListQuerySchema,
  response: contentPageSchema,
});
export const createContent = endpoint({
  method: 'POST',
  path: '/api/admin/content/:section',
  params: SectionParams,
  body: contentItemInputSchema,
  response: contentItemSchema,
});
export const bulkContent = endpoint({
  method: 'POST',
  path: '/api/admin/content/:section/bulk',
  params: SectionParams,
  body: contentBulkSchema,
  response: contentBulkResultSchema,
});
export const contentItem = endpoint({
  method: 'GET',
  path: '/api/admin/content/:section/:id',
  params: ItemParams,
  response: contentItemSchema,
});
export const updateContent = endpoint({
  method: 'PUT',
  path: '/api/admin/content/:section/:id',
  params: ItemParams,
  body: contentItemInputSchema,
  response: contentItemSchema,
});
export const publishContent = endpoint({
  method: 'POST',
  path: '/api/admin/content/:section/:id/publish',
  params: ItemParams,
  body: contentPublishSchema,
  response: StatusAnswer,
});
export const unpublishContent = endpoint({
  method: 'POST',
  path: '/api/admin/content/:section/:id/unpublish',
  params: ItemParams,
  response: StatusAnswer,
});
export const previewContent = endpoint({
  method: 'GET',
  path: '/api/admin/content/:section/:id/preview',
  params: ItemParams,
  response: ItemDetail,
});
export const contentRevisions = endpoint({
  method: 'GET',
  path: '/api/admin/content/:section/:id/revisions',
  params: ItemParams,
  response: z.array(contentRevisionSchema),
});
export const contentRevisionDetail = endpoint({
  method: 'GET',
  path: '/api/admin/content/:section/:id/revisions/:revisionId',
  params: ItemParams.extend({ revisionId: z.string().max(20) }),
  response: contentRevisionDetailSchema,
});
export const restoreContentRevision = endpoint({
  method: 'POST',
  path: '/api/admin/content/:section/:id/revisions/:revisionId/restore',
  params: ItemParams.extend({ revisionId: z.string().max(20) }),
  response: contentItemSchema,
});
