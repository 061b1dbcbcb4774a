// owns tables: collections
/** A user's collections of standards and portal items. */
export { default as collectionRoutes } from './routes.ts';
