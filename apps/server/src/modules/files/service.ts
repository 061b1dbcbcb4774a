import { FILE_PURPOSES } from '@zs/shared/api/user';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import type { Database } from '../../db/client.ts';
import { badRequest, forbidden, notFound } from '../../lib/envelope.ts';
import type { AuthUser } from '../../lib/principal.ts';
import { safeOriginalName, sniff } from './sniff.ts';

export const MAX_FILE_BYTES = 10 * 1024 * 1024;
export { FILE_PURPOSES };
export type FilePurpose = (typeof FILE_PURPOSES)[number];

export const FileMessages = {
  type: '仅支持 PNG、JPG、PDF、DOCX、XLSX 文件，且文件内容须与类型一致',
  empty: '文件内容为空',
  tooLarge: '文件不能超过10MB',
  missing: '请选择要上传的文件',
  notMultipart: '请以 multipart/form-data 方式上传文件',
  notFound: '文件不存在',
  notOwner: '无权访问该文件',
} as const;

export interface FileRow {
  id: number;
  owner_id: number | null;
  original_name: string;
  mime: string;
  size: number;
  storage_path: string;
}

export interface FileMeta {
  id: number;
  name: string;
  size: number;
  mime: string;
}

/** Stores an upload under a random name in filesDir (outside the web root) and records it. */
export async function storeFile(
  db: Database,
  filesDir: string,
  ownerId: number | null,
  purpose: FilePurpose | 'portal',
  declaredName: string | undefined,
  content: Buffer,
): Promise<FileMeta> {
  if (content.length === 0) throw badRequest(FileMessages.empty);
  if (content.length > MAX_FILE_BYTES) throw badRequest(FileMessages.tooLarge);
  const kind = sniff(content);
  if (!kind) throw badRequest(FileMessages.type);
  const name = safeOriginalName(declaredName, kind.ext);
  const now = new Date();
  const rel = path.join(
    String(now.getUTCFullYear()),
    String(now.getUTCMonth() + 1).padStart(2, '0'),
    crypto.randomBytes(16).toString('hex'),
  );
  const abs = path.join(filesDir, rel);
  await fs.promises.mkdir(path.dirname(abs), { recursive: true });
  await fs.promises.writeFile(abs, content, { flag: 'wx', mode: 0o600 });
  const sha256 = crypto.createHash('sha256').update(content).digest('hex');
  try {
    const rows = await db.query<{ id: number }>(
      `insert into files (owner_id, purpose, original_name, mime, size, sha256, storage_path)
       values ($1, $2, $3, $4, $5, $6, $7) returning id`,
      [ownerId, purpose, name, kind.mime, content.length, sha256, rel],
    );
    return { id: rows[0]!.id, name, size: content.length, mime: kind.mime };
  } catch (err) {
    await fs.promises.rm(abs, { force: true });
    throw err;
  }
}

export async function fileById(db: Database, id: number): Promise<FileRow | null> {
  const rows = await db.query<FileRow>('select id, owner_id, original_name, mime, size, storage_path from files where id = $1', [
    id,
  ]);
  return rows[0] ?? null;
}

/** The owner, an operator or an admin may read a user's file; anyone else gets 403. */
export async function readableFile(db: Database, user: AuthUser, id: number | null): Promise<FileRow> {
  const row = id === null ? null : await fileById(db, id);
  if (!row) throw notFound(FileMessages.notFound);
  if (row.owner_id !== user.id && user.role !== 'operator' && user.role !== 'admin') throw forbidden(FileMessages.notOwner);
  return row;
}

/**
 * For applications and enterprise certification: the file must exist and belong to the user.
 * A file of somebody else answers exactly like a missing one, so ids cannot be probed.
 */
export async function attachFile(db: Database, userId: number, fileId: number): Promise<FileMeta> {
  const row = await fileById(db, fileId);
  if (!row || row.owner_id !== userId) throw badRequest(`附件不存在或不属于当前用户（编号 ${fileId}）`);
  return { id: row.id, name: row.original_name, size: row.size, mime: row.mime };
}

/** The absolute path of a stored file; 404 when it escapes filesDir or is gone from disk. */
export function storedPath(filesDir: string, row: FileRow): string {
  const abs = path.resolve(filesDir, row.storage_path);
  if (!abs.startsWith(path.resolve(filesDir) + path.sep) || !fs.existsSync(abs)) throw notFound(FileMessages.notFound);
  return abs;
}

/**
 * Sends a stored file as a download that the browser never renders inline; `body` replaces the
 * stored bytes when the caller transformed them (the watermarked training PDFs).
 */
export function sendFile(reply: FastifyReply, filesDir: string, row: FileRow, body?: Uint8Array) {
  const abs = storedPath(filesDir, row);
  const ascii = row.original_name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return reply
    .header('content-type', row.mime)
    .header('content-length', body ? body.length : row.size)
    .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(row.original_name)}`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(body ? Buffer.from(body) : fs.createReadStream(abs));
}
