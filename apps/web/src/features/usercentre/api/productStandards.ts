import { callApi } from '../../../lib/http.ts';

/** 产品执行标准 of a certified enterprise (apps/server/src/modules/product-standards; docs/alerts.md). */
export const listProductStandards = () => callApi('GET /api/user/product-standards');
export const addProductStandards = (lines: string[], productName?: string) =>
  callApi('POST /api/user/product-standards', { body: { lines, ...(productName ? { productName } : {}) } });
export const uploadProductStandards = (file: File, productName?: string) => {
  const form = new FormData();
  if (productName) form.append('productName', productName);
  form.append('file', file);
  // Let the browser set multipart/form-data with its boundary (the client defaults to JSON).
  return callApi('POST /api/user/product-standards/file', {
    config: { data: form, headers: { 'Content-Type': 'multipart/form-data' } },
  });
};
export const removeProductStandard = (id: number) => callApi('DELETE /api/user/product-standards/:id', { params: { id } });
