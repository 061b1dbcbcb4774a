/** Section categories live in lib/ (applications read them too without depending on the portal module). */
export { isEditable, sectionCategories, withCategoryNames } from '../../lib/categories.ts';
