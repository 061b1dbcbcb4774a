import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { PORTAL_SECTION_NAMES } from '@zs/shared';
import { fileById } from '../files/index.ts';
import { recordLinkCheck } from './repository.ts';
import { publishedLinkedItems, type LinkedItem as Item } from '../portal/index.ts';

export interface Broken {
  section: string;
  id: number;
  title: string;
  url: string;
  reason: string;
}

const LINK = /\b(?:href|src)\s*=\s*["']([^"']+)["']/gi;
/** A scheme (http:, mailto:, data:…), a protocol-relative `//host` or a bare fragment: not a page of ours. */
const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/|#)/i;

/**
 * The site address a stored link points to, or null for external ones. Public pages all sit at the
 * root (`/news-detail?id=3`), so a relative `news-detail?id=3` or `./news-detail?id=3` resolves there.
 */
export function internalPath(raw: string): string | null {
  const url = raw.trim().replace(/&amp;/g, '&');
  if (!url || EXTERNAL.test(url)) return null;
  const u = new URL(url, 'http://local/');
  return u.pathname + u.search;
}

/** `url` as stored (shown to the operator), `path` as resolved on the site. */
interface Ref {
  url: string;
  path?: string;
  fileId?: number;
}

/** Internal addresses in an item: links and images in the body, the cover, and attached file ids. */
function refsOf(item: Item): Ref[] {
  const out: Ref[] = [];
  for (const m of (item.body_html ?? '').matchAll(LINK)) {
    const path = internalPath(m[1]!);
    if (path) out.push({ url: m[1]!, path });
  }
  const cover = item.cover ? internalPath(item.cover) : null;
  if (cover) out.push({ url: item.cover!, path: cover });
  for (const v of Object.values(item.attrs ?? {})) {
    if (!Array.isArray(v)) continue;
    for (const f of v as Array<{ fileId?: unknown; name?: unknown }>) {
      if (f && typeof f === 'object' && typeof f.fileId === 'number')
        out.push({ url: `附件：${String(f.name ?? f.fileId)}`, fileId: f.fileId });
    }
  }
  return out;
}

/**
 * Checks every internal link and attachment of published content. API addresses are requested
 * in-process (only "not found" counts as broken: a download that needs a login exists); detail
 * pages (…-detail?id=N) need a published item; attached files need their row and their bytes.
 */
export async function checkLinks(app: FastifyInstance): Promise<{ checked: number; broken: Broken[] }> {
  const items = await publishedLinkedItems(app.db);
  const published = new Set(items.map((i) => i.id));
  const broken: Broken[] = [];
  let checked = 0;
  for (const item of items) {
    for (const ref of refsOf(item)) {
      checked++;
      const reason = await problemOf(app, ref, published);
      if (reason)
        broken.push({
          section: PORTAL_SECTION_NAMES[item.section] ?? item.section,
          id: item.id,
          title: item.title,
          url: ref.url,
          reason,
        });
    }
  }
  await recordLinkCheck(app.db, checked, broken);
  return { checked, broken };
}

async function problemOf(app: FastifyInstance, ref: Ref, published: Set<number>): Promise<string | null> {
  if (ref.fileId !== undefined) {
    const row = await fileById(app.db, ref.fileId);
    if (!row) return '附件记录不存在';
    const abs = path.resolve(app.config.filesDir, row.storage_path);
    return fs.existsSync(abs) ? null : '附件文件缺失，无法下载';
  }
  const u = new URL(ref.path ?? ref.url, 'http://local');
  if (u.pathname.startsWith('/api/')) {
    const res = await app.inject({ method: 'GET', url: u.pathname + u.search });
    if (res.statusCode === 404) return '地址不存在（404）';
    // The envelope answers "not found" as code 404 over HTTP 200; file downloads are not JSON.
    try {
      if ((JSON.parse(res.body) as { code?: number }).code === 404) return '资源不存在';
    } catch {
      // not an envelope: the address answered with content
    }
    return null;
  }
  const id = Number(u.searchParams.get('id'));
  if (u.pathname.endsWith('-detail') && Number.isInteger(id) && id > 0 && !u.pathname.startsWith('/standard')) {
    return published.has(id) ? null : '链接的内容不存在或未发布';
  }
  return null;
}
