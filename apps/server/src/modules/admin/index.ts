// owns tables: none (it works through the faces of the modules that own what it shows)
/** The operator desk: users and the review queues. */
export { default as adminRoutes } from './routes.ts';
