// owns tables: collections
/** A user's collected standards and portal items, and their export (/api/user/collections…). */
export { default as collectionRoutes } from './routes.ts';
export { collectorsBefore, standardCollectorsSql } from './repository.ts';
export { collectionsExportOf, deleteCollectionsOf } from './repository.ts';
export { deleteItemCollections } from './repository.ts';
export { topCollectedStandards } from './service.ts';
