import { SECTIONS } from './sections.ts';
import type { ActivitySignups } from './service.ts';
import type { StandardsByNoKeys } from './tree.ts';

/** What the public portal's route groups share: their OpenAPI tag, the section slugs and the options handed in. */
export const tags = ['portal'];
export const slugs = Object.values(SECTIONS)
  .map((s) => s.slug)
  .join(' | ');

/** What the public pages show from modules the portal does not import (modules/index.ts hands them in). */
export interface PortalRoutesOptions {
  /** An activity's live sign-ups (applications). */
  activitySignups: ActivitySignups;
  /** Catalogue records by canonical number key (standards). */
  standardsByNoKeys: StandardsByNoKeys;
}
