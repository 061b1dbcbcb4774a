import { seedRan, type Seeder } from '../../../db/seed.ts';
import type { Database } from '../../../db/client.ts';
import { insertItem } from '../repository.ts';
import { savePage } from '../pages.ts';
import { PRIVACY_HTML, PRIVACY_TITLE } from '../privacy.ts';
import { PORTAL_SEED, SYSTEM_TREE } from './content.ts';

/** Databases seeded before the split ran one 'portal' seeder with both kinds: they need neither half. */
const legacy = (db: Database) => seedRan(db, 'portal');

/** Real, credited portal items (GI products and the like): always loaded. */
export const seedPortalReal: Seeder = {
  name: 'portal-real',
  async run(db) {
    if (await legacy(db)) return;
    for (const item of PORTAL_SEED) if (!item.demo) await insertItem(db, item);
  },
};

/** Labelled 示例 demo items (see portal-content.ts), only with SEED_DEMO. */
export const seedPortalDemo: Seeder = {
  name: 'portal-demo',
  demo: true,
  async run(db) {
    if (await legacy(db)) return;
    for (const item of PORTAL_SEED) if (item.demo) await insertItem(db, item);
    const root = await insertItem(db, {
      section: 'standard_system_node',
      category: 'system',
      title: `【示例】${SYSTEM_TREE.title}`,
      summary: '示例标准体系，叶子节点关联标准库中的真实标准编号。',
      demo: true,
      attrs: { parentId: null, standardNos: [] },
    });
    let sort = SYSTEM_TREE.children.length;
    for (const child of SYSTEM_TREE.children) {
      await insertItem(db, {
        section: 'standard_system_node',
        category: child.category,
        title: `【示例】${child.title}`,
        demo: true,
        sort: sort--,
        attrs: { parentId: root, standardNos: child.standardNos },
      });
    }
  },
};

/** The user service agreement and privacy policy, stored so operators can edit it. */
export const seedPortalPages: Seeder = {
  name: 'portal-pages',
  async run(db) {
    await savePage(db, 'privacy', PRIVACY_TITLE, PRIVACY_HTML);
  },
};
