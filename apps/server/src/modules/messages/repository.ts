import { MESSAGE_KIND_LABELS, type MessageKind } from '@zs/shared';
import type { Database } from '../../db/client.ts';
import type { Query } from '../../db/tx.ts';
import { paged } from '../../db/paged.ts';
import { iso } from '../../lib/iso.ts';

export interface NewMessage {
  userId: number;
  kind: MessageKind;
  title: string;
  body: string;
  link?: string | null;
  refType?: string | null;
  refId?: number | null;
  /** Jobs set it so a rerun (or a concurrent run) cannot insert the same message twice. */
  dedupeKey?: string | null;
}

/**
 * Inserts one message through `q` (db.query, or a transaction's query so the message commits with
 * the decision it reports). Returns false when a message with the same dedupe key exists.
 */
export async function insertMessage(q: Query, m: NewMessage): Promise<boolean> {
  const rows = await q(
    `insert into messages (user_id, kind, title, body, link, ref_type, ref_id, dedupe_key)
     values ($1, $2, $3, $4, $5, $6, $7, $8)
     on conflict (dedupe_key) do nothing returning id`,
    [m.userId, m.kind, m.title, m.body, m.link ?? null, m.refType ?? null, m.refId ?? null, m.dedupeKey ?? null],
  );
  return rows.length > 0;
}

interface Row {
  id: number;
  kind: MessageKind;
  title: string;
  body: string;
  link: string | null;
  ref_type: string | null;
  ref_id: string | number | null;
  read_at: Date | string | null;
  created_at: Date | string;
}

const COLUMNS = 'id, kind, title, body, link, ref_type, ref_id::text as ref_id, read_at, created_at';

function toMessage(r: Row) {
  return {
    id: r.id,
    kind: r.kind,
    kindName: MESSAGE_KIND_LABELS[r.kind],
    title: r.title,
    body: r.body,
    link: r.link,
    refType: r.ref_type,
    refId: r.ref_id === null ? null : Number(r.ref_id),
    read: r.read_at !== null,
    readAt: r.read_at === null ? null : iso(r.read_at),
    createdAt: iso(r.created_at),
  };
}
export type MessageView = ReturnType<typeof toMessage>;

export async function listOwn(
  db: Database,
  userId: number,
  f: { unread?: boolean; kind?: MessageKind; page: number; size: number },
) {
  const params: unknown[] = [userId];
  const where = ['user_id = $1'];
  if (f.unread) where.push('read_at is null');
  if (f.kind) where.push(`kind = $${params.push(f.kind)}`);
  const sql = {
    count: 'messages',
    select: `select ${COLUMNS} from messages`,
    where: where.join(' and '),
    order: 'created_at desc, id desc',
  };
  return { ...(await paged(db, sql, params, f, toMessage)), unread: await countUnreadOf(db, userId) };
}

/** The user's own message, marked read on the way (opening a message reads it); null for anyone else's. */
export async function openOwn(db: Database, userId: number, id: number): Promise<MessageView | null> {
  const rows = await db.query<Row>(
    `update messages set read_at = coalesce(read_at, now()) where id = $1 and user_id = $2 returning ${COLUMNS}`,
    [id, userId],
  );
  return rows[0] ? toMessage(rows[0]) : null;
}

export async function markRead(db: Database, userId: number, id: number): Promise<boolean> {
  const rows = await db.query(
    'update messages set read_at = coalesce(read_at, now()) where id = $1 and user_id = $2 returning id',
    [id, userId],
  );
  return rows.length > 0;
}

export async function markAllRead(db: Database, userId: number): Promise<number> {
  const rows = await db.query('update messages set read_at = now() where user_id = $1 and read_at is null returning id', [
    userId,
  ]);
  return rows.length;
}

export async function countUnreadOf(db: Database, userId: number): Promise<number> {
  const rows = await db.query<{ n: number }>('select count(*)::int as n from messages where user_id = $1 and read_at is null', [
    userId,
  ]);
  return rows[0]?.n ?? 0;
}

/**
 * One message to each of `userIds` through `q` (the caller's transaction, so the messages commit with what they
 * report), each with its own dedupe key: a user whose key exists already gets nothing. Returns how many were inserted.
 */
export async function insertMessageToEach(
  q: Query,
  userIds: number[],
  m: Omit<NewMessage, 'userId' | 'dedupeKey'>,
  dedupeKeyOf: (userId: number) => string,
): Promise<number> {
  if (userIds.length === 0) return 0;
  const rows = await q<{ one: number }>(
    `insert into messages (user_id, kind, title, body, link, ref_type, ref_id, dedupe_key)
     select u.user_id, $1, $2, $3, $4, $5, $6::bigint, u.dedupe_key from unnest($7::int[], $8::text[]) as u (user_id, dedupe_key)
     on conflict (dedupe_key) do nothing returning 1 as one`,
    [m.kind, m.title, m.body, m.link ?? null, m.refType ?? null, m.refId ?? null, userIds, userIds.map(dedupeKeyOf)],
  );
  return rows.length;
}

/**
 * Different messages to different users in one statement (the alert outbox's in-site rows); a dedupe key already
 * used inserts nothing. Returns the dedupe keys inserted.
 */
export async function insertMessagesBatch(q: Query, list: NewMessage[]): Promise<string[]> {
  if (list.length === 0) return [];
  const col = <K extends keyof NewMessage>(k: K) => list.map((m) => m[k] ?? null);
  const rows = await q<{ dedupe_key: string }>(
    `insert into messages (user_id, kind, title, body, link, ref_type, ref_id, dedupe_key)
     select * from unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::bigint[], $8::text[])
     on conflict (dedupe_key) do nothing returning dedupe_key`,
    [col('userId'), col('kind'), col('title'), col('body'), col('link'), col('refType'), col('refId'), col('dedupeKey')],
  );
  return rows.map((r) => r.dedupe_key);
}

/** Those of `keys` that a message carries already (a job skips what it sent before). */
export async function sentDedupeKeys(db: Database, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db.query<{ dedupe_key: string }>('select dedupe_key from messages where dedupe_key = any($1::text[])', [
    keys,
  ]);
  return new Set(rows.map((r) => r.dedupe_key));
}

export interface MessageExport {
  id: number;
  kind: MessageKind;
  title: string;
  body: string;
  link: string | null;
  readAt: Date | string | null;
  createdAt: Date | string;
}

/** Every message of the user, oldest first (the personal data export). */
export async function messagesExportOf(db: Database, userId: number): Promise<MessageExport[]> {
  return db.query<MessageExport>(
    `select id, kind, title, body, link, read_at as "readAt", created_at as "createdAt" from messages where user_id = $1 order by id`,
    [userId],
  );
}

/** Account deletion, inside the caller's transaction: the user's messages go. */
export async function deleteMessagesOf(q: Query, userId: number): Promise<void> {
  await q('delete from messages where user_id = $1', [userId]);
}
