// owns tables: app_secrets
import crypto from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The 16-character key the web encrypts password fields with (docs/product.md §3.2). */
    passwordAesKey: string;
  }
}

const KEY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
const PASSWORD_KEY = 'password_aes_key';

/** 16 characters from an unambiguous alphabet, drawn without modulo bias. */
export function randomKey(length = 16): string {
  let out = '';
  while (out.length < length) {
    for (const byte of crypto.randomBytes(length * 2)) {
      // 4 × 56 = 224: bytes above it would favour the first letters.
      if (byte < 224 && out.length < length) out += KEY_ALPHABET[byte % KEY_ALPHABET.length];
    }
  }
  return out;
}

/**
 * The stored key, made on first start. `on conflict do nothing` + re-read lets two instances start
 * together on one PostgreSQL and still agree on one key.
 */
export async function storedPasswordKey(db: Database): Promise<string> {
  await db.query('insert into app_secrets (name, value) values ($1, $2) on conflict (name) do nothing', [
    PASSWORD_KEY,
    randomKey(),
  ]);
  const rows = await db.query<{ value: string }>('select value from app_secrets where name = $1', [PASSWORD_KEY]);
  return rows[0]!.value;
}

/** PASSWORD_AES_KEY when set (one place to change it, no rebuild); otherwise the installation's own key. */
export default fp(
  async function secrets(app: FastifyInstance) {
    const key = app.config.passwordAesKey ?? (await storedPasswordKey(app.db));
    app.decorate('passwordAesKey', key);
    app.log.info({ source: app.config.passwordAesKey ? 'PASSWORD_AES_KEY' : 'database' }, 'password AES key loaded');
  },
  { name: 'secrets', dependencies: ['config', 'db'] },
);
