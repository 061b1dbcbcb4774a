import { HOME_BLOCKS, type ConsoleHomeBlock, type HomeBlockItem } from '@zs/shared';
import type { Database } from '../../db/client.ts';
import { withCategoryNames } from './categories.ts';
import { LIST_ORDER, toSummary, type ItemRow, type ItemSummary } from './repository.ts';
import { iso } from '../../lib/iso.ts';

const COLUMNS =
  'p.id, p.section, p.category, p.title, p.summary, p.attrs, p.cover, p.source, p.source_url, p.published_at, p.town_code, p.demo';
const ORDER = LIST_ORDER.split(', ')
  .map((o) => `p.${o}`)
  .join(', ');

type Block = (typeof HOME_BLOCKS)[number];

/** Published pinned items of a block, in the operator's order. */
function pinnedRows(db: Database, block: Block) {
  return db.query<ItemRow>(
    `select ${COLUMNS} from home_pins h join portal_items p on p.id = h.item_id
      where h.block = $1 and p.section = $2 and p.status = 'published' order by h.position, p.id`,
    [block.key, block.section],
  );
}

/** The newest published items of the block's section in list order (置顶权重, then date). */
function latestRows(db: Database, block: Block, limit: number) {
  return db.query<ItemRow>(
    `select ${COLUMNS} from portal_items p where p.section = $1 and p.status = 'published' order by ${ORDER} limit $2`,
    [block.section, limit],
  );
}

/** What the public home page shows: pinned items first, then the newest ones up to the block's size. */
export async function homeBlocks(db: Database): Promise<Record<string, ItemSummary[]>> {
  const out: Record<string, ItemSummary[]> = {};
  for (const block of HOME_BLOCKS) {
    const pinned = (await pinnedRows(db, block)).slice(0, block.size);
    const ids = new Set(pinned.map((r) => r.id));
    const rest = (await latestRows(db, block, block.size + pinned.length)).filter((r) => !ids.has(r.id));
    const rows = [...pinned, ...rest].slice(0, block.size);
    out[block.key] = await withCategoryNames(
      db,
      rows.map((r) => toSummary({ ...r, published_at: iso(r.published_at) })),
    );
  }
  return out;
}

const consoleItem = (r: {
  id: number;
  title: string;
  status: string;
  published_at: Date | string | null;
  demo: boolean;
}): HomeBlockItem => ({
  id: r.id,
  title: r.title,
  status: r.status,
  publishedAt: r.published_at ? iso(r.published_at) : null,
  demo: r.demo,
});

/** Every block for the console: all pinned items (unpublished ones too, so they can be unpinned) and the newest. */
export async function consoleHomeBlocks(db: Database): Promise<ConsoleHomeBlock[]> {
  const out: ConsoleHomeBlock[] = [];
  for (const block of HOME_BLOCKS) {
    const pinned = await db.query<{ id: number; title: string; status: string; published_at: Date | null; demo: boolean }>(
      `select p.id, p.title, p.status, p.published_at, p.demo from home_pins h join portal_items p on p.id = h.item_id
        where h.block = $1 order by h.position, p.id`,
      [block.key],
    );
    const latest = await latestRows(db, block, block.size * 3);
    out.push({
      ...block,
      pinned: pinned.map(consoleItem),
      latest: latest.map((r) => consoleItem({ ...r, status: 'published' })),
    });
  }
  return out;
}
