// owns tables: link_checks
/** The console's dashboard, inspection-readiness health page, link checks and demo removal (/api/admin/dashboard, /api/admin/health…). */
export { default as adminOpsRoutes } from './routes.ts';
