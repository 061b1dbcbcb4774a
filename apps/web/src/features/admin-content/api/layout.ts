import type { CategoryListForm } from '@zs/shared/api/console-layout';
import { callApi } from '../../../lib/http.ts';

/** Console layout calls (docs/decisions/0060), by route key: types from the shared contract. */
export const layoutApi = {
  categories: (section: string) => callApi('GET /api/admin/categories/:section', { params: { section } }),
  saveCategories: (section: string, body: CategoryListForm) =>
    callApi('PUT /api/admin/categories/:section', { params: { section }, body }),
  homeBlocks: () => callApi('GET /api/admin/home-blocks'),
  savePins: (block: string, itemIds: number[]) =>
    callApi('PUT /api/admin/home-blocks/:block', { params: { block }, body: { itemIds } }),
};
