import fs from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { markSeedRun, seedRan } from '../../db/seed.ts';
import { badRequest } from '../../lib/envelope.ts';
import type { AuthUser } from '../../lib/principal.ts';
import { storeFile, storedPath, type FileRow } from '../files/index.ts';
import { demoTrainingPdf, watermark } from '../../lib/pdf/pdf.ts';
import { watermarkIdentity } from '../certification/index.ts';

export const TrainingMessages = {
  unstampable: '该资料文件无法添加水印，暂不能下载，请联系平台运营人员',
} as const;

/**
 * docs/product.md §6: a certified enterprise's training PDF carries its company name, the username and the
 * time on every page (the full-text watermark). Other types (DOCX, XLSX, images) are served as stored.
 * Returns null when the file is served unchanged.
 */
export async function stampedTrainingFile(
  db: Database,
  filesDir: string,
  user: AuthUser,
  file: FileRow,
): Promise<Uint8Array | null> {
  if (file.mime !== 'application/pdf') return null;
  const original = await fs.promises.readFile(storedPath(filesDir, file));
  const identity = await watermarkIdentity(db, user);
  try {
    return await watermark(original, identity);
  } catch {
    // Uploads are only sniffed by their header: a broken or encrypted PDF cannot be stamped, and an
    // unstamped copy must not leave the server.
    throw badRequest(TrainingMessages.unstampable);
  }
}

const SEED_NAME = 'training-demo-files';
const SEED_LOCK = 720_442_607;

/**
 * Attaches a generated, plainly labelled demo PDF to two seeded 【示例】 training items so the
 * watermarked download can be tried. Runs once per database (seed_runs); it lives here because it
 * writes files and needs filesDir.
 */
export async function seedDemoTrainingFiles(db: Database, filesDir: string, log: FastifyBaseLogger): Promise<void> {
  await db.withLock(SEED_LOCK, async () => {
    if (await seedRan(db, SEED_NAME)) return;
    const items = await db.query<{ id: number; title: string }>(
      `select id, title from portal_items
        where section = 'training' and demo and status = 'published'
          and coalesce(jsonb_array_length(attrs->'documents'), 0) = 0
        order by published_at desc, id desc limit 2`,
    );
    if (!items.length) return; // portal content not seeded yet: try again on the next start
    for (const item of items) {
      const name = `${item.title.replace(/^【示例】/, '')}（示例）.pdf`;
      const file = await storeFile(db, filesDir, null, 'training', name, Buffer.from(await demoTrainingPdf(item.title)));
      await db.query(`update portal_items set attrs = jsonb_set(attrs, '{documents}', $2::jsonb) where id = $1`, [
        item.id,
        JSON.stringify([{ fileId: file.id, name: file.name }]),
      ]);
    }
    await markSeedRun(db, SEED_NAME);
    log.info({ items: items.map((i) => i.id) }, 'demo training files attached');
  });
}
