// owns tables: applications, application_events, application_files
/** Applications (香山之品 and others) with their timeline and attachments, activity sign-ups (/api/user/applications…). */
export { applicationDetail, toSummary } from './repository.ts';
export { reviewApplication, type ReviewDecision } from './review.ts';
export { default as applicationRoutes } from './routes.ts';
export { applicationsPerDay, countApplicationsSince, countOpenApplications } from './repository.ts';
export {
  applicationFileInUse,
  applicationQueuePage,
  applicationsExportOf,
  applicationsOfUser,
  closeApplicationsOf,
  type ApplicationExport,
} from './repository.ts';
export { liveActivitySignups, liveSignupCount } from './repository.ts';
