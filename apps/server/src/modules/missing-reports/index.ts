// owns tables: standard_missing_reports
/** Reports of standards missing from the catalogue. */
export { default as missingReportRoutes } from './routes.ts';
