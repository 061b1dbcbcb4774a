// owns tables: site_settings, site_contacts, privacy_versions
/** Footer contacts and site lines, privacy versions, the word list and review limits (/api/portal/site, /api/admin/settings…). */
export { bannedWords, reviewLimits } from './settings.ts';
export { default as siteRoutes } from './routes.ts';
export { default as siteAdminRoutes } from './admin-routes.ts';
export { seedSite } from './seed.ts';
export { countDemoContacts, deleteDemoContacts } from './repository.ts';
export { demoLeftovers } from './demo.ts';
export { currentPrivacyVersion, settingValue } from './repository.ts';
export { putSetting } from './settings.ts';
export type { EmptyPages } from './sections.ts';
export { hideEmptySections } from './sections.ts';
// security.txt's contact (modules/seo, decisions/0078).
export { footerContacts, siteInfo } from './service.ts';
