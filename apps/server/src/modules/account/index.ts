// owns tables: none (it works through the faces of the modules that own what it shows)
/** The account module's public surface for other modules. */
export { tableExists } from './service.ts';
export { default as accountRoutes } from './routes.ts';
