import type { FastifyReply } from 'fastify';
import type { Database } from '../../../db/client.ts';
import { notFound } from '../../../lib/envelope.ts';
import { fileById, fileDigest, sendFile, storeFile } from '../../files/index.ts';

/**
 * Console uploads (images in the text, covers, attachments) are stored like every upload but with
 * their own purpose, and served publicly under an unguessable key derived from their content
 * (docs/decisions/0050): an image in a draft can be previewed, and becomes public with the page.
 */
export const CONSOLE_FILE_PURPOSE = 'portal' as const;
const KEY_LENGTH = 16;

export const contentFileUrl = (id: number, sha256: string) => `/api/content/files/${id}/${sha256.slice(0, KEY_LENGTH)}`;

export async function storeConsoleFile(db: Database, filesDir: string, ownerId: number, name: string, content: Buffer) {
  const meta = await storeFile(db, filesDir, ownerId, CONSOLE_FILE_PURPOSE, name, content);
  const row = await fileDigest(db, meta.id);
  return { ...meta, url: contentFileUrl(meta.id, row!.sha256) };
}

export async function sendConsoleFile(db: Database, filesDir: string, reply: FastifyReply, id: number | null, key: string) {
  const row = id === null ? null : await fileById(db, id);
  const meta = row ? await fileDigest(db, row.id) : null;
  if (!row || !meta || meta.purpose !== CONSOLE_FILE_PURPOSE || meta.sha256.slice(0, KEY_LENGTH) !== key)
    throw notFound('文件不存在');
  return sendFile(reply, filesDir, row);
}
