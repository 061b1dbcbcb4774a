// owns tables: enterprise_product_standards, enterprise_towns
/** A certified enterprise's product standards (产品执行标准), watched like collected ones, its town, and the office's figure of enterprises relying on superseded or abolished standards (/api/user/product-standards…, /api/admin/product-standards…). */
export { default as productStandardRoutes } from './routes.ts';
export { deleteProductStandardsOf, productStandardHoldersSql } from './repository.ts';
