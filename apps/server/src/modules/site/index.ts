// owns tables: site_settings, site_contacts, privacy_versions
/** The site module's public surface for other modules: the editable word list of the inspection page. */
export { bannedWords, reviewLimits } from './settings.ts';
export { default as siteRoutes } from './routes.ts';
export { default as siteAdminRoutes } from './admin-routes.ts';
export { seedSite } from './seed.ts';
