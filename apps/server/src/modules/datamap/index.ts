// owns tables: none (it works through the faces of the modules that own what it shows)
/** Town indicators and map boundaries (/api/portal/datamap…, /api/portal/geo/:name). */
export { default as datamapRoutes } from './routes.ts';
