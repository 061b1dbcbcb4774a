import type { BrandProductApplication, ServiceApplication } from '@zs/shared';
import { PortalMessages, townName } from '@zs/shared';
import { publishedItemRef, sectionCategories } from '../portal/index.ts';
import type { Database } from '../../db/client.ts';
import { clock } from '../../lib/clock.ts';
import { AppError, badRequest, notFound } from '../../lib/envelope.ts';
import type { AuthUser } from '../../lib/principal.ts';
import { attachFile, type FileMeta } from '../files/index.ts';
import { applicationDetail, findByIdempotencyKey, insertApplication, type ApplicationDetail } from './repository.ts';
import { withTransaction } from '../../db/tx.ts';

export const ApplyMessages = {
  duplicateProduct: '该产品已有待处理或已通过的申请，请勿重复提交',
  duplicateService: '您已申请该服务，请等待处理结果',
  duplicateSignup: '您已报名该活动',
  serviceMissing: '服务项目不存在或已下线',
  activityMissing: '活动不存在或已下线',
  signupClosed: '该活动未开放报名',
  deadlinePassed: '报名已截止',
  activityEnded: '活动已结束',
  full: '报名名额已满',
  notWithdrawable: '当前状态不可撤回（审核开始后不能撤回）',
  missing: '申请不存在',
  idempotencyKey: 'Idempotency-Key 格式不正确',
} as const;

export interface Created {
  id: number;
  referenceNo: string;
}

/** An optional Idempotency-Key header: a retried submit with the same key answers the first result. */
export function idempotencyKeyOf(header: string | string[] | undefined): string | undefined {
  if (header === undefined || header === '') return undefined;
  if (typeof header !== 'string' || !/^[\w-]{8,100}$/.test(header)) throw badRequest(ApplyMessages.idempotencyKey);
  return header;
}

async function replay(db: Database, userId: number, key: string | undefined): Promise<Created | null> {
  return key ? findByIdempotencyKey(db, userId, key) : null;
}

/**
 * Runs the insert unless the key was seen. Concurrent retries with one key all pass the first
 * look-up; the losers fail on the unique index and then answer the winner's result, not an error.
 */
async function once(db: Database, userId: number, key: string | undefined, insert: () => Promise<Created>): Promise<Created> {
  const again = await replay(db, userId, key);
  if (again) return again;
  try {
    return await insert();
  } catch (err) {
    const first = err instanceof AppError ? await replay(db, userId, key) : null;
    if (first) return first;
    throw err;
  }
}

export async function applyBrandProduct(
  db: Database,
  user: AuthUser,
  form: BrandProductApplication,
  key?: string,
): Promise<Created> {
  return once(db, user.id, key, () => insertBrandProduct(db, user, form, key));
}

async function insertBrandProduct(db: Database, user: AuthUser, form: BrandProductApplication, key?: string): Promise<Created> {
  // Only the categories the office currently shows (docs/decisions/0060).
  const category = (await sectionCategories(db, 'xiangshan_product')).find((c) => c.code === form.category);
  if (!category) throw badRequest(PortalMessages.category);
  const files: FileMeta[] = [];
  for (const fileId of new Set(form.attachments)) files.push(await attachFile(db, user.id, fileId));
  const productKey = form.productName.replace(/\s+/g, '').toLowerCase();
  const { attachments: _ids, ...fields } = form;
  return withTransaction(db, (q) =>
    insertApplication(q, {
      userId: user.id,
      kind: 'brand_product',
      refId: null,
      refTitle: form.productName,
      form: {
        ...fields,
        categoryName: category.name,
        townName: townName(form.townCode),
      },
      dedupeKey: `product:${form.creditCode}:${productKey}`,
      idempotencyKey: key,
      fileIds: files.map((f) => f.id),
      duplicateMessage: ApplyMessages.duplicateProduct,
    }),
  );
}

export async function applyService(db: Database, user: AuthUser, form: ServiceApplication, key?: string): Promise<Created> {
  return once(db, user.id, key, () => insertService(db, user, form, key));
}

async function insertService(db: Database, user: AuthUser, form: ServiceApplication, key?: string): Promise<Created> {
  const service = await publishedItemRef(db, 'service', form.serviceId);
  if (!service) throw notFound(ApplyMessages.serviceMissing);
  return withTransaction(db, (q) =>
    insertApplication(q, {
      userId: user.id,
      kind: 'service',
      refId: service.id,
      refTitle: service.title,
      form: { ...form },
      dedupeKey: `service:${service.id}`,
      idempotencyKey: key,
      duplicateMessage: ApplyMessages.duplicateService,
    }),
  );
}

interface ActivityAttrs {
  open?: boolean;
  seatLimit?: number;
  signupDeadline?: string;
  endAt?: string;
}

/**
 * Signs the user up for an activity. The activity row is locked for the transaction, so concurrent
 * sign-ups are counted one after another and never exceed the seat limit.
 */
export async function signUp(
  db: Database,
  user: AuthUser,
  activityId: number | null,
  contact: { contactName?: string; contactMobile?: string; enterpriseName?: string } = {},
): Promise<Created & { seatsLeft: number }> {
  if (activityId === null) throw notFound(ApplyMessages.activityMissing);
  return withTransaction(db, async (q) => {
    const activity = await publishedItemRef<ActivityAttrs>(q, 'activity', activityId, true);
    if (!activity) throw notFound(ApplyMessages.activityMissing);
    const attrs = activity.attrs;
    const now = clock.now();
    if (!attrs.open) throw badRequest(ApplyMessages.signupClosed);
    if (attrs.endAt && Date.parse(attrs.endAt) < now) throw badRequest(ApplyMessages.activityEnded);
    if (attrs.signupDeadline && Date.parse(attrs.signupDeadline) < now) throw badRequest(ApplyMessages.deadlinePassed);
    const [mine] = await q(
      "select 1 from applications where kind = 'activity' and ref_id = $1 and user_id = $2 and status not in ('withdrawn', 'rejected')",
      [activity.id, user.id],
    );
    if (mine) throw badRequest(ApplyMessages.duplicateSignup);
    const [{ taken }] = (await q<{ taken: number }>(
      "select count(*)::int as taken from applications where kind = 'activity' and ref_id = $1 and status not in ('withdrawn', 'rejected')",
      [activity.id],
    )) as [{ taken: number }];
    const limit = attrs.seatLimit ?? 0;
    if (taken >= limit) throw badRequest(ApplyMessages.full);
    const created = await insertApplication(q, {
      userId: user.id,
      kind: 'activity',
      refId: activity.id,
      refTitle: activity.title,
      form: {
        contactName: contact.contactName ?? user.username,
        contactMobile: contact.contactMobile ?? user.mobile,
        enterpriseName: contact.enterpriseName ?? user.enterpriseName ?? null,
      },
      dedupeKey: `activity:${activity.id}`,
      duplicateMessage: ApplyMessages.duplicateSignup,
    });
    return { ...created, seatsLeft: limit - taken - 1 };
  });
}

/** The owner withdraws while the application is still submitted or accepted (not once the review started). */
export async function withdraw(db: Database, userId: number, id: number | null) {
  if (id === null) throw notFound(ApplyMessages.missing);
  await withTransaction(db, async (q) => {
    const [row] = await q<{ status: string }>('select status from applications where id = $1 and user_id = $2 for update', [
      id,
      userId,
    ]);
    if (!row) throw notFound(ApplyMessages.missing);
    if (row.status !== 'submitted' && row.status !== 'accepted') throw badRequest(ApplyMessages.notWithdrawable);
    await q("update applications set status = 'withdrawn', updated_at = now() where id = $1", [id]);
    await q(
      "insert into application_events (application_id, status, note, actor_id) values ($1, 'withdrawn', '申请人撤回', $2)",
      [id, userId],
    );
  });
  return publicDetail((await applicationDetail(db, id, userId))!);
}

export async function ownApplication(db: Database, userId: number, id: number | null) {
  const detail = id === null ? null : await applicationDetail(db, id, userId);
  if (!detail) throw notFound(ApplyMessages.missing);
  return publicDetail(detail);
}

function publicDetail(d: ApplicationDetail) {
  const { userId: _owner, ...rest } = d;
  return rest;
}
