import { createCipheriv } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decrypt, encrypt } from './crypto.ts';

/** Independent reference: node's OpenSSL AES-128-ECB with PKCS7 padding, base64. */
function reference(text: string, key: string): string {
  const cipher = createCipheriv('aes-128-ecb', Buffer.from(key, 'utf8'), null);
  return Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]).toString('base64');
}

describe('AES helper (docs/product.md §3.2: AES-ECB, PKCS7, 16-character key)', () => {
  const key = 'k3YfromServer789';

  it('matches node crypto', () => {
    for (const text of ['Passw0rd!', 'zhangsan01', '中文密码Abc#123', 'exactly16bytes!!', '']) {
      expect(encrypt(text, key)).toBe(reference(text, key));
    }
  });

  it('uses the key as raw bytes (a different key gives the reference result for that key)', () => {
    const other = 'ABCDEFGHIJKLMNOP';
    expect(encrypt('Passw0rd!', other)).toBe(reference('Passw0rd!', other));
    expect(encrypt('Passw0rd!', other)).not.toBe(encrypt('Passw0rd!', key));
  });

  it('round-trips', () => {
    expect(decrypt(encrypt('Abc@12345678', key), key)).toBe('Abc@12345678');
  });
});
