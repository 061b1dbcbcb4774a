import fp from 'fastify-plugin';
import { runSeeders } from '../db/seed.ts';
import { authPlugin, authRoutes, listUserRows, usernamesOf } from './auth/index.ts';
import { smsPlugin } from './sms/index.ts';
import { mailPlugin, mailRoutes } from './mail/index.ts';
import { devRoutes } from './dev/index.ts';
import { systemRoutes } from './system/index.ts';
import { seedSite, siteAdminRoutes, siteRoutes } from './site/index.ts';
import {
  fulltextRoutes,
  importRoutes,
  seedStandards,
  standardEditingRoutes,
  standardsByNoKeys,
  standardsRoutes,
} from './standards/index.ts';
import {
  contentAdminRoutes,
  contentLayoutRoutes,
  emptySectionPages,
  portalRoutes,
  seedPortalDemo,
  seedPortalPages,
  seedPortalReal,
} from './portal/index.ts';
import { filesRoutes } from './files/index.ts';
import { applicationRoutes, liveSignupCount } from './applications/index.ts';
import { datamapRoutes } from './datamap/index.ts';
import { messageRoutes } from './messages/index.ts';
import { certificationRoutes } from './certification/index.ts';
import { accountRoutes } from './account/index.ts';
import { adminRoutes } from './admin/index.ts';
import { alertDeliveryLogRoutes, alertRoutes, alertsPlugin, alertStatusChange } from './alerts/index.ts';
import { collectionRoutes } from './collections/index.ts';
import { missingReportRoutes } from './missing-reports/index.ts';
import { adminOpsRoutes } from './admin-ops/index.ts';
import { seoRoutes } from './seo/index.ts';
import { feedRoutes } from './feeds/index.ts';
import { consultationRoutes } from './consultation/index.ts';
import { interactionRoutes } from './interaction/index.ts';
import { productStandardRoutes } from './product-standards/index.ts';
import type { Database } from '../db/client.ts';

/** Active operators and admins (征求意见 and 咨询留言 分派), from auth's user list. */
async function activeStaff(db: Database) {
  const rows: Array<{ id: number; username: string }> = [];
  for (const role of ['admin', 'operator'] as const) {
    const page = await listUserRows(db, { role, status: 'active', page: 1, size: 100 });
    rows.push(...page.list.map((u) => ({ id: u.id, username: u.username })));
  }
  return rows;
}

/** The seeders of the domains, in dependency order (the catalogue before the portal items that cite it). */
export const seeders = [seedSite, seedStandards, seedPortalReal, seedPortalDemo, seedPortalPages];

export interface DomainOptions {
  /** Load the real data and, with SEED_DEMO, the 示例 demo content into a database that lacks them (not in tests). */
  seed: boolean;
}

/**
 * Every domain module, in the order the app has always registered them. Seeding runs first: some modules read
 * the catalogue while they register (the demo full texts are attached to current standards).
 */
export default fp<DomainOptions>(
  async function domains(app, opts) {
    if (opts.seed) {
      const seeded = await runSeeders(app.db, app.log, seeders, { demo: app.config.seedDemo });
      if (seeded.length) app.log.info({ seeded }, 'seed data loaded');
    }
    await app.register(authPlugin);
    await app.register(smsPlugin);
    await app.register(mailPlugin);
    await app.register(mailRoutes);
    await app.register(systemRoutes);
    // 隐藏空栏目 (decisions/0088): the portal says which section pages are empty; site sits below the portal.
    await app.register(siteRoutes, { emptyPages: emptySectionPages });
    await app.register(standardsRoutes);
    await app.register(datamapRoutes);
    // Handed in, not imported: applications imports the portal, and the catalogue would lengthen the portal's chain.
    await app.register(portalRoutes, { activitySignups: liveSignupCount, standardsByNoKeys });
    await app.register(filesRoutes);
    await app.register(applicationRoutes);
    await app.register(messageRoutes);
    await app.register(certificationRoutes);
    await app.register(accountRoutes);
    await app.register(adminRoutes);
    await app.register(alertsPlugin);
    await app.register(alertRoutes);
    await app.register(alertDeliveryLogRoutes);
    await app.register(collectionRoutes);
    await app.register(productStandardRoutes);
    await app.register(fulltextRoutes);
    await app.register(missingReportRoutes);
    // Usernames handed in (here and to the import): importing auth would make the module chain too long.
    await app.register(contentAdminRoutes, { usernamesOf });
    // The alerts module reads the catalogue, so the catalogue's status change is handed its alert here.
    await app.register(standardEditingRoutes, { alertStatusChange, afterStatusChange: () => void app.runAlerts() });
    await app.register(importRoutes, { usernamesOf });
    await app.register(siteAdminRoutes, { emptyPages: emptySectionPages });
    await app.register(adminOpsRoutes);
    // Usernames and the staff list handed in, as for the content console (auth would lengthen the module chain); a
    // draft published at once kicks the alert job, which announces it to the watchers (decisions/0101).
    await app.register(consultationRoutes, { usernamesOf, staff: activeStaff, afterPublish: () => void app.runAlerts() });
    await app.register(interactionRoutes, { usernamesOf, staff: activeStaff });
    await app.register(contentLayoutRoutes);
    await app.register(authRoutes);
    await app.register(devRoutes);
    await app.register(feedRoutes);
    // The page routes with their own head and text (decisions/0078); plugins/web.ts answers every other path.
    await app.register(seoRoutes);
  },
  { name: 'domains', dependencies: ['db', 'config', 'envelope', 'ephemeral', 'secrets', 'metrics', 'openapi'] },
);
