// owns tables: applications, application_events, application_files
/** The applications module's public surface for other modules (the operator desk reviews applications). */
export { applicationDetail, toSummary } from './repository.ts';
export { reviewApplication, type ReviewDecision } from './review.ts';
export { default as applicationRoutes } from './routes.ts';
