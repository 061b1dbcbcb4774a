// owns tables: none (it works through the faces of the modules that own what it shows)
/** The development outbox and captcha reader, DEV_OUTBOX=1 only (/api/dev/*). */
export { default as devRoutes } from './routes.ts';
