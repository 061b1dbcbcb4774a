import type { CategoryListForm, ConsoleCategory, ConsoleHomeBlock } from '@zs/shared/api/console-layout';
import { get, put } from '../../../lib/http.ts';

/** Console layout endpoints (apps/server/src/modules/content-admin/layout-routes.ts); types from @zs/shared. */
export const layoutApi = {
  categories: (section: string) => get<ConsoleCategory[]>(`/admin/categories/${section}`),
  saveCategories: (section: string, body: CategoryListForm) => put<ConsoleCategory[]>(`/admin/categories/${section}`, body),
  homeBlocks: () => get<ConsoleHomeBlock[]>('/admin/home-blocks'),
  savePins: (block: string, itemIds: number[]) => put<ConsoleHomeBlock>(`/admin/home-blocks/${block}`, { itemIds }),
};
