// owns tables: none (it works through the faces of the modules that own what it shows)
/** The operator desk: review queues of certifications and applications, users and the audit log (/api/admin/…). */
export { default as adminRoutes } from './routes.ts';
