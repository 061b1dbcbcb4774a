import crypto from 'node:crypto';

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
/** Encrypted form fields are short (passwords ≤ 25, usernames ≤ 25, mobiles 11 characters). */
const MAX_CIPHERTEXT = 512;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Decrypts a field the web app encrypted with crypto-js AES-ECB/PKCS7 under the fixed 16-character
 * key (docs/product.md §7). Returns null for anything that is not such a ciphertext. This is compatibility
 * obfuscation only; HTTPS is the real protection (docs/product.md §11).
 */
export function aesDecrypt(ciphertext: unknown, key: string): string | null {
  if (typeof ciphertext !== 'string' || ciphertext.length === 0 || ciphertext.length > MAX_CIPHERTEXT) return null;
  if (!BASE64.test(ciphertext)) return null;
  const raw = Buffer.from(ciphertext, 'base64');
  if (raw.length === 0 || raw.length % 16 !== 0) return null;
  try {
    const decipher = crypto.createDecipheriv('aes-128-ecb', Buffer.from(key, 'utf8'), null);
    const plain = Buffer.concat([decipher.update(raw), decipher.final()]);
    return utf8.decode(plain);
  } catch {
    return null;
  }
}

/** The web app's side of aesDecrypt (tests, bench and tools). */
export function aesEncrypt(plain: string, key: string): string {
  const cipher = crypto.createCipheriv('aes-128-ecb', Buffer.from(key, 'utf8'), null);
  return Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]).toString('base64');
}
