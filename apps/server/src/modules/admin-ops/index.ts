// owns tables: link_checks
/** The console's dashboard, health page, link checks and demo removal. */
export { default as adminOpsRoutes } from './routes.ts';
