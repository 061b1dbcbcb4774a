import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Database } from '../../../db/client.ts';
import { forbidden, notFound } from '../../../lib/envelope.ts';
import type { AuthUser } from '../../../lib/principal.ts';
import { consumeDownload } from '../../files/index.ts';
import { watermarkIdentity } from '../../certification/index.ts';
import { firstPages, loadPdf, watermark } from '../../../lib/pdf/pdf.ts';

/** docs/product.md §6: visitors and uncertified users read the first 3 pages of a restricted full text. */
export const PREVIEW_PAGES = 3;
export const MAX_FULLTEXT_BYTES = 50 * 1024 * 1024;
export const FULLTEXT_DIR = 'fulltext';
export const ACCESS_MODES = ['open', 'registered', 'restricted'] as const;
export type AccessMode = (typeof ACCESS_MODES)[number];

export const FulltextMessages = {
  noStandard: '标准不存在',
  none: '该标准暂无全文',
  missingFile: '全文文件缺失，请联系平台运营人员',
  needCert: '完成企业认证后可下载全文',
  tooLarge: `全文文件不能超过${MAX_FULLTEXT_BYTES / 1024 / 1024}MB`,
} as const;

export interface FulltextRow {
  id: number;
  standard_id: number;
  file_path: string;
  pages: number;
  size_bytes: number;
  sha256: string;
  access: AccessMode;
}

export function standardIdOf(raw: string): number {
  if (!/^[1-9]\d{0,14}$/.test(raw)) throw notFound(FulltextMessages.noStandard);
  return Number(raw);
}

async function requireStandard(db: Database, id: number): Promise<{ standard_no: string }> {
  const rows = await db.query<{ standard_no: string }>('select standard_no from standards where id = $1', [id]);
  if (!rows[0]) throw notFound(FulltextMessages.noStandard);
  return rows[0];
}

export async function fulltextRow(db: Database, standardId: number): Promise<FulltextRow | null> {
  const rows = await db.query<FulltextRow>(
    `select id, standard_id::int as standard_id, file_path, pages, size_bytes::int as size_bytes, sha256, access
       from standard_fulltext where standard_id = $1`,
    [standardId],
  );
  return rows[0] ?? null;
}

/** Inside filesDir or nothing: a tampered file_path can never reach another file. */
function absPath(filesDir: string, rel: string): string {
  const root = path.resolve(filesDir);
  const abs = path.resolve(root, rel);
  if (!abs.startsWith(root + path.sep)) throw notFound(FulltextMessages.missingFile);
  return abs;
}

/** open: everyone; registered: any signed-in user; restricted: certified enterprises. Others read the preview. */
export const readsAll = (row: Pick<FulltextRow, 'access'>, user: AuthUser | null) =>
  row.access === 'open' || (row.access === 'registered' && !!user) || !!user?.certified;

/**
 * Checks the PDF (content sniffed, parsed, not encrypted), stores it under filesDir/fulltext by
 * content hash and records it; a new upload replaces the previous file of that standard.
 */
export async function attachFulltext(
  db: Database,
  filesDir: string,
  standardId: number,
  content: Uint8Array,
  opts: { access?: AccessMode; uploadedBy?: number | null } = {},
): Promise<{ standardId: number; pages: number; size: number; sha256: string; access: AccessMode }> {
  await requireStandard(db, standardId);
  const doc = await loadPdf(content);
  const pages = doc.getPageCount();
  const sha256 = crypto.createHash('sha256').update(content).digest('hex');
  const rel = path.join(FULLTEXT_DIR, `${standardId}-${sha256.slice(0, 16)}.pdf`);
  const abs = absPath(filesDir, rel);
  await fs.promises.mkdir(path.dirname(abs), { recursive: true });
  const tmp = `${abs}.${crypto.randomBytes(4).toString('hex')}.tmp`;
  await fs.promises.writeFile(tmp, content, { mode: 0o600 });
  await fs.promises.rename(tmp, abs);
  const previous = await fulltextRow(db, standardId);
  const access = opts.access ?? previous?.access ?? 'restricted';
  await db.query(
    `insert into standard_fulltext (standard_id, file_path, pages, size_bytes, sha256, access, uploaded_by)
     values ($1, $2, $3, $4, $5, $6, $7)
     on conflict (standard_id) do update set file_path = excluded.file_path, pages = excluded.pages,
       size_bytes = excluded.size_bytes, sha256 = excluded.sha256, access = excluded.access,
       uploaded_by = excluded.uploaded_by, created_at = now()`,
    [standardId, rel, pages, content.length, sha256, access, opts.uploadedBy ?? null],
  );
  if (previous && previous.file_path !== rel) await removeFiles(filesDir, previous.file_path);
  return { standardId, pages, size: content.length, sha256, access };
}

async function removeFiles(filesDir: string, rel: string) {
  const abs = absPath(filesDir, rel);
  await fs.promises.rm(abs, { force: true });
  await fs.promises.rm(previewPath(abs), { force: true });
}

export async function detachFulltext(db: Database, filesDir: string, standardId: number): Promise<boolean> {
  const row = await fulltextRow(db, standardId);
  if (!row) return false;
  await db.query('delete from standard_fulltext where standard_id = $1', [standardId]);
  await removeFiles(filesDir, row.file_path);
  return true;
}

/** Labelled 示例 full texts still attached (the console's demo removal). */
export async function countDemoFulltexts(db: Database): Promise<number> {
  const [r] = await db.query<{ n: number }>('select count(*)::int as n from standard_fulltext where demo');
  return r!.n;
}

/** The standards whose full text is a labelled 示例 one. */
export async function demoFulltextIds(db: Database): Promise<number[]> {
  const rows = await db.query<{ standard_id: number }>(
    'select standard_id::int as standard_id from standard_fulltext where demo',
  );
  return rows.map((r) => r.standard_id);
}

export async function fulltextInfo(db: Database, standardId: number, user: AuthUser | null) {
  await requireStandard(db, standardId);
  const row = await fulltextRow(db, standardId);
  if (!row) return { hasFulltext: false, pages: 0, readablePages: 0, canDownload: false, access: null };
  const all = readsAll(row, user);
  return {
    hasFulltext: true,
    pages: row.pages,
    readablePages: all ? row.pages : Math.min(PREVIEW_PAGES, row.pages),
    canDownload: !!user?.certified,
    access: row.access,
  };
}

const previewPath = (abs: string) => abs.replace(/\.pdf$/, `.first${PREVIEW_PAGES}.pdf`);

async function loadRow(db: Database, filesDir: string, standardId: number): Promise<{ row: FulltextRow; abs: string }> {
  await requireStandard(db, standardId);
  const row = await fulltextRow(db, standardId);
  if (!row) throw notFound(FulltextMessages.none);
  const abs = absPath(filesDir, row.file_path);
  if (!fs.existsSync(abs)) throw notFound(FulltextMessages.missingFile);
  return { row, abs };
}

/**
 * What this user may read online: the stored file, or a separate document of the first pages
 * (built once and cached beside the original, named by the same content hash).
 */
export async function readablePdf(
  db: Database,
  filesDir: string,
  standardId: number,
  user: AuthUser | null,
): Promise<{ file: string; pages: number; size: number }> {
  const { row, abs } = await loadRow(db, filesDir, standardId);
  if (readsAll(row, user) || row.pages <= PREVIEW_PAGES) return { file: abs, pages: row.pages, size: row.size_bytes };
  const preview = previewPath(abs);
  if (!fs.existsSync(preview)) {
    const bytes = await firstPages(await loadPdf(await fs.promises.readFile(abs)), PREVIEW_PAGES);
    const tmp = `${preview}.${crypto.randomBytes(4).toString('hex')}.tmp`;
    await fs.promises.writeFile(tmp, bytes, { mode: 0o600 });
    await fs.promises.rename(tmp, preview);
  }
  return { file: preview, pages: PREVIEW_PAGES, size: (await fs.promises.stat(preview)).size };
}

/** Certified enterprises only; takes one from the shared daily quota, then stamps every page. */
export async function downloadPdf(
  db: Database,
  filesDir: string,
  standardId: number,
  user: AuthUser | null,
): Promise<{ bytes: Uint8Array; name: string }> {
  const { row, abs } = await loadRow(db, filesDir, standardId);
  if (!user?.certified) throw forbidden(FulltextMessages.needCert);
  const std = await requireStandard(db, standardId);
  await consumeDownload(db, user, 'fulltext', String(row.standard_id));
  const bytes = await watermark(await fs.promises.readFile(abs), await watermarkIdentity(db, user));
  return { bytes, name: `${std.standard_no.replace(/[\\/:*?"<>|]/g, '_')}.pdf` };
}
