// owns tables: standard_missing_reports
/** Reports of standards missing from the catalogue (/api/portal/standards/missing-reports, /api/admin/standards/missing-reports…). */
export { default as missingReportRoutes } from './routes.ts';
export { countPendingReports } from './repository.ts';
