import { ConsultationMessages as M, type ConsoleDraft, type ContentStatus } from '@zs/shared';
import type { z } from 'zod';
import type { ConsultationDraftForm } from '@zs/shared/api/consultation';
import type { Database } from '../../db/client.ts';
import { withTransaction, type Query } from '../../db/tx.ts';
import { badRequest, forbidden, notFound } from '../../lib/envelope.ts';
import { clock } from '../../lib/clock.ts';
import { plainText } from '../../lib/sanitize.ts';
import type { AuthUser } from '../../lib/principal.ts';
import { writeAudit } from '../audit/index.ts';
import { fileDigest, fileMetasByIds } from '../files/index.ts';
import { reviewRequired } from '../portal/index.ts';
import { draftById, insertDraft, setDraftStatus, updateDraftFields, type DraftFields, type DraftRow } from './repository.ts';
import { consoleDraftView } from './views.ts';

type Form = z.output<typeof ConsultationDraftForm>;

const DOC_TYPES = ['application/pdf', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'];
/** Console uploads are public under /api/content/files/<id>/<first 16 hex of their SHA-256> (decisions/0050). */
const CONSOLE_PURPOSE = 'portal';
const publicUrl = (id: number, sha256: string) => `/api/content/files/${id}/${sha256.slice(0, 16)}`;

/** A draft's document must be a console upload (never a user's private file) and a PDF or DOCX. */
async function checkedFile(db: Database, f: Form['draftFile']): Promise<DraftFields['draftFile']> {
  if (!f) return null;
  const digest = await fileDigest(db, f.fileId);
  const [meta] = await fileMetasByIds(db, [f.fileId]);
  if (!digest || !meta || digest.purpose !== CONSOLE_PURPOSE) throw badRequest(M.fileMissing);
  if (!DOC_TYPES.includes(meta.mime)) throw badRequest(M.fileType);
  return { fileId: f.fileId, name: meta.name, url: publicUrl(f.fileId, digest.sha256) };
}

async function storedFields(db: Database, f: Form): Promise<DraftFields> {
  return {
    projectName: plainText(f.projectName),
    planNo: plainText(f.planNo),
    kind: f.kind,
    draftingUnits: plainText(f.draftingUnits),
    responsibleUnit: plainText(f.responsibleUnit),
    contact: plainText(f.contact),
    draftFile: await checkedFile(db, f.draftFile),
    explanationFile: await checkedFile(db, f.explanationFile),
    startsAt: new Date(f.startsAt).toISOString(),
    deadline: new Date(f.deadline).toISOString(),
  };
}

async function locked(q: Query, id: number | null): Promise<DraftRow> {
  const row = id === null ? null : await draftById(q, id, true);
  if (!row) throw notFound(M.notFound);
  return row;
}

async function audit(q: Query, actorId: number | null, action: string, row: DraftRow, detail: Record<string, unknown> = {}) {
  await writeAudit(q, {
    actorId,
    action: `consultation.${action}`,
    targetType: 'consultation_draft',
    targetId: row.id,
    detail: { projectName: row.project_name, ...detail },
  });
}

export async function createDraft(db: Database, form: Form, actor: AuthUser): Promise<ConsoleDraft> {
  const fields = await storedFields(db, form);
  return withTransaction(db, async (q) => {
    const id = await insertDraft(q, fields, actor.id);
    const row = (await draftById(q, id))!;
    await audit(q, actor.id, 'create', row);
    return consoleDraftView(row, clock.now());
  });
}

export async function updateDraft(db: Database, id: number | null, form: Form, actor: AuthUser): Promise<ConsoleDraft> {
  const fields = await storedFields(db, form);
  return withTransaction(db, async (q) => {
    const before = await locked(q, id);
    await updateDraftFields(q, before.id, fields, actor.id);
    const row = (await draftById(q, before.id))!;
    await audit(q, actor.id, 'update', row);
    return consoleDraftView(row, clock.now());
  });
}

/**
 * The content console's workflow (decisions/0050) for a draft: 发布 at once or at a later time (scheduled);
 * with 发布需审核 on, an operator's 发布 waits as pending until an admin approves or returns it; 下线.
 */
export async function changeDraftStatus(
  db: Database,
  id: number | null,
  action: 'publish' | 'unpublish' | 'approve' | 'return',
  publishAt: string | null,
  reason: string,
  actor: AuthUser,
): Promise<{ status: ContentStatus }> {
  return withTransaction(db, async (q) => {
    const row = await locked(q, id);
    const now = clock.now();
    const goLive = async (at: string | null) => {
      const when = at ? new Date(at) : new Date(now);
      const status: ContentStatus = when.getTime() > now ? 'scheduled' : 'published';
      await setDraftStatus(q, row.id, { status, publishedAt: when.toISOString() }, actor.id);
      await audit(q, actor.id, status === 'scheduled' ? 'schedule' : 'publish', row, { publishAt: at });
      return { status };
    };
    if (action === 'unpublish') {
      if (!['published', 'scheduled', 'pending'].includes(row.status)) throw badRequest(M.notPublished);
      await setDraftStatus(q, row.id, { status: 'unpublished' }, actor.id);
      await audit(q, actor.id, 'unpublish', row);
      return { status: 'unpublished' };
    }
    if (action === 'approve' || action === 'return') {
      if (actor.role !== 'admin') throw forbidden('仅管理员可以执行此操作');
      if (row.status !== 'pending') throw badRequest(M.notPending);
      if (action === 'approve') return goLive(row.publish_request_at ? new Date(row.publish_request_at).toISOString() : null);
      const why = plainText(reason).trim();
      if (!why) throw badRequest(M.returnReason);
      await setDraftStatus(q, row.id, { status: 'draft', returnedReason: why }, actor.id);
      await audit(q, actor.id, 'return', row, { reason: why });
      return { status: 'draft' };
    }
    if (row.status === 'pending') throw badRequest(M.pending);
    const visible =
      row.status === 'published' ||
      (row.status === 'scheduled' && !!row.published_at && new Date(row.published_at).getTime() <= now);
    if (visible && !publishAt) throw badRequest(M.published);
    if (actor.role !== 'admin' && (await reviewRequired(q))) {
      await setDraftStatus(q, row.id, { status: 'pending', requestAt: publishAt }, actor.id);
      await audit(q, actor.id, 'publish_request', row, { publishAt });
      return { status: 'pending' };
    }
    return goLive(publishAt);
  });
}
