import AES from 'crypto-js/aes';
import Utf8 from 'crypto-js/enc-utf8';
import ECB from 'crypto-js/mode-ecb';
import Pkcs7 from 'crypto-js/pad-pkcs7';
import { callApi } from './http.ts';

/**
 * AES-ECB, PKCS7 padding, base64 output, with the key used as raw UTF-8 bytes (not a passphrase).
 * This is the compatibility obfuscation the product requires (docs/product.md §3.2); HTTPS is the real protection.
 */
export function encrypt(text: string, key: string): string {
  return AES.encrypt(text, Utf8.parse(key), { mode: ECB, padding: Pkcs7 }).toString();
}

export function decrypt(cipherText: string, key: string): string {
  return AES.decrypt(cipherText, Utf8.parse(key), { mode: ECB, padding: Pkcs7 }).toString(Utf8);
}

/**
 * The server's current key, asked for before every encrypted submit rather than baked into the
 * build: a key changed on the server (a restart) keeps working in pages that are already open.
 */
export async function passwordKey(): Promise<string> {
  const res = await callApi('GET /api/sys/config');
  if (res.code !== 0 || !res.data) throw new Error(res.msg || '获取加密配置失败');
  return res.data.passwordAesKey;
}

/** Encrypts the named fields with the server's current key; other fields pass through. */
export async function encryptFields<T extends Record<string, unknown>, K extends keyof T>(body: T, fields: K[]): Promise<T> {
  const key = await passwordKey();
  const out: Record<string, unknown> = { ...body };
  for (const f of fields) out[f as string] = encrypt(String(body[f]), key);
  return out as T;
}
