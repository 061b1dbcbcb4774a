// owns tables: portal_items, portal_item_revisions, portal_categories, content_publish_requests, home_pins, site_pages
/** The portal module's public surface for other modules: the section registry. */
export { SECTIONS, sectionBySlug } from './sections.ts';
export type { SectionDef } from './sections.ts';
export { likePattern, toSummary, type ItemRow } from './repository.ts';
export type { ItemDetail as ItemDetailView } from './service.ts';
export { ItemDetail } from '@zs/shared/api/portal';
export { sectionCategories, withCategoryNames, isEditable } from './categories.ts';
export { consoleHomeBlocks } from './home.ts';
export { default as portalRoutes } from './routes.ts';
export { default as contentAdminRoutes } from './console/routes.ts';
export { default as contentLayoutRoutes } from './console/layout-routes.ts';
export { seedPortalDemo, seedPortalPages, seedPortalReal } from './seed/seed.ts';
