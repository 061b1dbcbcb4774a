// owns tables: none (it works through the faces of the modules that own what it shows)
/** The development outbox (DEV_OUTBOX=1 only). */
export { default as devRoutes } from './routes.ts';
