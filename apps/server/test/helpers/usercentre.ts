import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { creditCodeCheckChar } from '@zs/shared';
import { answerOf, type DataOf } from './answer.ts';
import { multipart, PNG } from './multipart.ts';
import type { Role } from '../../src/modules/auth/tokens.ts';

/** The account roles, for helpers that take one (login.ts). */
export type { Role };

/** Uploads through the files API; returns the answer (data.id on success). */
export async function upload(app: FastifyInstance, token: string, content: Buffer = PNG, filename = '营业执照.png') {
  const { payload, headers } = multipart([{ filename, content }]);
  const res = await app.inject({
    method: 'POST',
    url: '/api/user/files?purpose=certification',
    payload,
    headers: { ...headers, authorization: token },
  });
  return answerOf<DataOf<'POST /api/user/files'>>(res);
}

const CREDIT_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
/** A random unified social credit code with a correct check character. */
export function creditCode(): string {
  let s = '91442000';
  while (s.length < 17) s += CREDIT_CHARS[crypto.randomInt(0, CREDIT_CHARS.length)];
  return s + creditCodeCheckChar(s)!;
}

export const certForm = (licenceFileId: number, over: Record<string, unknown> = {}) => ({
  companyName: '示例科技（中山）有限公司',
  creditCode: creditCode(),
  legalRep: '张三',
  contactName: '李四',
  contactMobile: '13912345678',
  licenceFileId,
  ...over,
});

export async function collect(app: FastifyInstance, userId: number, standardId: number, at?: string) {
  await app.db.query(
    `insert into collections (user_id, item_type, item_id, created_at) values ($1, 'standard', $2, coalesce($3::timestamptz, now()))`,
    [userId, standardId, at ?? null],
  );
}
