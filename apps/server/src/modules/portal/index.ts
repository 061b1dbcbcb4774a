/** The portal module's public surface for other modules: the section registry. */
export { SECTIONS, sectionBySlug } from './sections.ts';
export type { SectionDef } from './sections.ts';
export { likePattern, toSummary, type ItemRow } from './repository.ts';
export type { ItemDetail as ItemDetailView } from './service.ts';
export { ItemDetail } from '@zs/shared/api/portal';
export { sectionCategories, withCategoryNames, isEditable } from './categories.ts';
export { consoleHomeBlocks } from './home.ts';
