// owns tables: consultation_drafts, consultation_comments
/** Drafts for public comment (征求意见): the office's drafts with the content workflow, users' clause-by-clause comments, decisions and the 征求意见汇总处理表 (/api/portal/consultations…, /api/user/consultation…, /api/admin/consultation…). */
export { default as consultationRoutes } from './routes.ts';
// The drafts visitors see now, as SQL (the alerts module announces them, decisions/0101).
export { visibleDraftsSql } from './repository.ts';
export { overdueConsultations, waitingConsultationComments } from './health.ts';
