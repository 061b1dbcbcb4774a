import type { BannedWords, PrivacyVersionForm, SectionVisibilityForm, SiteSettingsForm } from '@zs/shared/api/admin-settings';
import type { ReviewLimits } from '@zs/shared/api/console-layout';
import { callApi } from '../../../lib/http.ts';

/** Dashboard, site health (apps/server/src/modules/admin-ops) and site settings (modules/site); types from @zs/shared. */
export const dashboard = () => callApi('GET /api/admin/dashboard');
export const health = () => callApi('GET /api/admin/health');
export const checkLinks = () => callApi('POST /api/admin/health/check-links');
// Certified enterprises relying on superseded or abolished standards (modules/product-standards).
export const productStandardExposure = (town?: string) =>
  callApi('GET /api/admin/product-standards/exposure', { query: town ? { town } : {} });
export const setEnterpriseTown = (userId: number, townCode: string | null) =>
  callApi('PUT /api/admin/product-standards/towns/:userId', { params: { userId }, body: { townCode } });

export const reviewLimits = () => callApi('GET /api/admin/settings/review-limits');
export const saveReviewLimits = (body: ReviewLimits) => callApi('PUT /api/admin/settings/review-limits', { body });

export const siteSettings = () => callApi('GET /api/admin/settings');
export const saveSiteSettings = (body: SiteSettingsForm) => callApi('PUT /api/admin/settings', { body });
export const privacyVersions = () => callApi('GET /api/admin/settings/privacy');
export const addPrivacyVersion = (body: PrivacyVersionForm) => callApi('POST /api/admin/settings/privacy', { body });
export const bannedWords = () => callApi('GET /api/admin/settings/banned-words');
export const saveBannedWords = (words: BannedWords) => callApi('PUT /api/admin/settings/banned-words', { body: { words } });
export const sectionVisibility = () => callApi('GET /api/admin/settings/sections');
export const saveSectionVisibility = (body: SectionVisibilityForm) => callApi('PUT /api/admin/settings/sections', { body });
export const demoCounts = () => callApi('GET /api/admin/demo');
export const removeDemo = () => callApi('POST /api/admin/demo/remove');
