// owns tables: portal_items, portal_item_revisions, portal_categories, content_publish_requests, home_pins, site_pages
/** Every content section from one registry, pages, the standard-system tree, the home page and its pins, categories; the content console with its review workflow and revisions (/api/portal/…, /api/admin/content/…). */
export { SECTIONS, sectionBySlug } from './sections.ts';
export type { SectionDef } from './sections.ts';
export { likePattern, toSummary, type ItemRow } from './repository.ts';
export type { ItemDetail as ItemDetailView } from './service.ts';
export { ItemDetail } from '@zs/shared/api/portal';
export { sectionCategories, withCategoryNames, isEditable } from './categories.ts';
export { consoleHomeBlocks } from './home.ts';
export { default as portalRoutes } from './routes.ts';
export { default as contentAdminRoutes } from './console/routes.ts';
// 发布需审核 also governs drafts for public comment (modules/consultation, decisions/0081).
export { reviewRequired } from './console/review-setting.ts';
export { default as contentLayoutRoutes } from './console/layout-routes.ts';
export { seedPortalDemo, seedPortalPages, seedPortalReal } from './seed/seed.ts';
export { ageSection } from './repository.ts';
export {
  countDemoItems,
  countDemoItemsBySection,
  countPublished,
  deleteDemoItems,
  demoItemIds,
  emptySectionPages,
  publishedFreshness,
  publishedItemExists,
  publishedLinkedItems,
  publishedPerTown,
  publishedTexts,
  publishedTitles,
  publishedTownPage,
  publishedWithoutDate,
  type LinkedItem,
} from './repository.ts';
export { activitiesStartingBetween, publishedItemRef } from './repository.ts';
// The server-sent page heads and the sitemap (modules/seo, decisions/0078).
export { getItem, listItems, publishedSitemapRows, publishedStamp, type Neighbour } from './repository.ts';
