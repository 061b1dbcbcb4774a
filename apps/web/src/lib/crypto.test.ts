import { createCipheriv } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD_AES_KEY } from '@zs/shared/constants';
import { decrypt, encrypt } from './crypto.ts';

/** Independent reference: node's OpenSSL AES-128-ECB with PKCS7 padding, base64. */
function reference(text: string, key: string): string {
  const cipher = createCipheriv('aes-128-ecb', Buffer.from(key, 'utf8'), null);
  return Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]).toString('base64');
}

describe('AES helper (spec §7: AES-ECB, PKCS7, fixed 16-character key)', () => {
  it('matches node crypto for the default key', () => {
    for (const text of ['Passw0rd!', 'zhangsan01', '中文密码Abc#123', 'exactly16bytes!!', '']) {
      expect(encrypt(text)).toBe(reference(text, DEFAULT_PASSWORD_AES_KEY));
    }
  });

  it('uses the key as raw bytes (a different key gives the reference result for that key)', () => {
    const key = 'ABCDEFGHIJKLMNOP';
    expect(encrypt('Passw0rd!', key)).toBe(reference('Passw0rd!', key));
    expect(encrypt('Passw0rd!', key)).not.toBe(encrypt('Passw0rd!'));
  });

  it('round-trips', () => {
    expect(decrypt(encrypt('Abc@12345678'))).toBe('Abc@12345678');
  });
});
