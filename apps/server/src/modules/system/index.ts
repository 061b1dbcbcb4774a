// owns tables: none (it works through the faces of the modules that own what it shows)
/** Liveness, readiness and the web's run-time settings (/api/health, /api/ready, /api/sys/config). */
export { default as systemRoutes } from './routes.ts';
