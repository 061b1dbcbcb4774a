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
