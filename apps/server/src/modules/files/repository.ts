import type { Database, Query } from '../../db/client.ts';

export interface FileExport {
  id: number;
  purpose: string;
  name: string;
  mime: string;
  size: number;
  createdAt: Date | string;
}

/** Every upload of the user, oldest first (the personal data export; no storage paths). */
export async function filesExportOf(db: Database, userId: number): Promise<FileExport[]> {
  return db.query<FileExport>(
    `select id, purpose, original_name as name, mime, size, created_at as "createdAt" from files where owner_id = $1 order by id`,
    [userId],
  );
}

/** Every download of the user, oldest first (the personal data export). */
export async function downloadsExportOf(
  db: Database,
  userId: number,
): Promise<Array<{ kind: string; ref: string; createdAt: Date | string }>> {
  return db.query<{ kind: string; ref: string; createdAt: Date | string }>(
    `select kind, ref, created_at as "createdAt" from download_log where user_id = $1 order by id`,
    [userId],
  );
}

/** Account deletion, inside the caller's transaction: the download history and the daily counters go. */
export async function deleteDownloadHistoryOf(q: Query, userId: number): Promise<void> {
  await q('delete from download_log where user_id = $1', [userId]);
  await q('delete from download_quota where user_id = $1', [userId]);
}

/**
 * Account deletion, inside the caller's transaction: the user's attachment and certification uploads that no
 * retained record references are deleted. `inUse` are the owners' SQL conditions "a record keeps the file <fileId>"
 * (applications, certification). Returns the deleted rows, whose stored content the caller then removes.
 */
export async function deleteUnreferencedUploads(
  q: Query,
  userId: number,
  inUse: Array<(fileId: string) => string>,
): Promise<Array<{ id: number; storage_path: string }>> {
  return q<{ id: number; storage_path: string }>(
    `delete from files f where f.owner_id = $1 and f.purpose in ('attachment', 'certification')
        ${inUse.map((used) => `and not ${used('f.id')}`).join('\n        ')}
      returning f.id, f.storage_path`,
    [userId],
  );
}

/** A stored file's purpose and content digest (the console serves its uploads under a key derived from it), or null. */
export async function fileDigest(db: Database, id: number): Promise<{ purpose: string; sha256: string } | null> {
  const [row] = await db.query<{ purpose: string; sha256: string }>('select purpose, sha256 from files where id = $1', [id]);
  return row ?? null;
}

/** Those of `ids` that are stored files uploaded for `purpose`. */
export async function fileIdsWithPurpose(db: Database, ids: number[], purpose: string): Promise<number[]> {
  const rows = await db.query<{ id: number }>('select id from files where id = any($1::int[]) and purpose = $2', [ids, purpose]);
  return rows.map((r) => r.id);
}

/** Name, size and type of stored files by id, in id order (ids without a file are absent). */
export async function fileMetasByIds(
  db: Database,
  ids: number[],
): Promise<Array<{ id: number; name: string; size: number; mime: string }>> {
  if (ids.length === 0) return [];
  return db.query<{ id: number; name: string; size: number; mime: string }>(
    'select id, original_name as name, size, mime from files where id = any($1::int[]) order by id',
    [ids],
  );
}

/**
 * SQL: a left join of files as `<alias>` on `<alias>.id = <idSql>`, for a select whose rows carry a stored file's
 * name, size and type (a certification's licence).
 */
export const fileJoin = (alias: string, idSql: string) => `left join files ${alias} on ${alias}.id = ${idSql}`;
